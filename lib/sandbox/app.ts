/** The sandbox as a Hono app: routes, 404 and fault handling. */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { SandboxEnv } from "./http-env";
import type { SandboxContext } from "./context";
import { openApiDocument } from "./openapi";
import { problem, problemResponse } from "./problems";
import { apiRoutes } from "./routes/api";
import { clockRoutes } from "./routes/clock";
import { controlRoutes } from "./routes/controls";
import { runRoutes } from "./routes/runs";
import { requestLogging } from "./request-log";
import { operatorRoutes } from "./routes/operator";

export function createSandboxApp(ctx: SandboxContext): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  app.use("*", requestLogging(ctx, ctx.log));
  app.get("/healthz", (c) => c.json({ ok: true }));
  app.get("/openapi.json", (c) => c.json(openApiDocument(new URL(c.req.url).origin)));
  apiRoutes(app, ctx);
  controlRoutes(app, ctx);
  clockRoutes(app, ctx);
  runRoutes(app, ctx);
  operatorRoutes(app, ctx);
  app.notFound((c) =>
    problemResponse(
      problem(404, "not-found", `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`),
    ),
  );
  app.onError((error) => {
    // Hono's own middleware refuses by throwing (routes answer those in the sandbox's shape first).
    if (error instanceof HTTPException) return error.getResponse();
    console.error("sandbox: request failed:", error);
    return problemResponse(problem(500, "internal", "The sandbox failed to handle this request"));
  });
  return app;
}
