/**
 * The sandbox as a Hono app: its routes, each registered from its definition in lib/contract/openapi (the
 * same definitions the served /openapi.json is generated from), one answer for input that fails a route's
 * schema, 404 and fault handling.
 */
import { type Hook, OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { fieldErrorsFromZod } from "@/lib/contract";
import { healthRoute, openApiRoute } from "@/lib/contract/openapi";
import type { SandboxContext } from "./context";
import type { SandboxEnv } from "./http-env";
import { openApiDocument } from "./openapi";
import { problem, problemResponse, validationProblem } from "./problems";
import { requestObservation } from "./observability";
import { requestLogging } from "./request-log";
import { apiRoutes } from "./routes/api";
import { clockRoutes } from "./routes/clock";
import { controlRoutes } from "./routes/controls";
import { metricsRoutes } from "./routes/metrics";
import { operatorRoutes } from "./routes/operator";
import { runRoutes } from "./routes/runs";
import { log } from "@/lib/observability/logger";

/**
 * Every route's params, query and JSON body are parsed against its definition's schemas after admission
 * (authentication, size, content type and JSON syntax: admission.ts); a failure is this one 400 naming
 * each failing field.
 */
const invalidInput: Hook<unknown, SandboxEnv, string, Response | undefined> = (result) =>
  result.success ? undefined : problemResponse(validationProblem(fieldErrorsFromZod(result.error)));

export type SandboxApp = OpenAPIHono<SandboxEnv>;

export function createSandboxApp(ctx: SandboxContext): SandboxApp {
  const app = new OpenAPIHono<SandboxEnv>({ defaultHook: invalidInput });
  app.use("*", requestObservation());
  app.use("*", requestLogging(ctx, ctx.log));
  app.openapi(healthRoute, (c) => c.json({ ok: true as const }, 200));
  app.openapi(openApiRoute, (c) => c.json(openApiDocument(new URL(c.req.url).origin), 200));
  apiRoutes(app, ctx);
  controlRoutes(app, ctx);
  clockRoutes(app, ctx);
  runRoutes(app, ctx);
  operatorRoutes(app, ctx);
  metricsRoutes(app, ctx);
  app.notFound((c) =>
    problemResponse(
      problem(404, "not-found", `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`),
    ),
  );
  app.onError((error) => {
    // Hono's own middleware refuses by throwing (routes answer those in the sandbox's shape first). The route
    // validator's media-type check throws 415 for a JSON type with parameters it does not parse (e.g. a
    // trailing ";"), which admission let through: answered as admission answers a wrong type.
    if (error instanceof HTTPException && error.status === 415)
      return problemResponse(problem(415, "unsupported-media-type", "Content-Type must be application/json"));
    if (error instanceof HTTPException) return error.getResponse();
    log().error({ err: error }, "sandbox: request failed");
    return problemResponse(problem(500, "internal", "The sandbox failed to handle this request"));
  });
  return app;
}
