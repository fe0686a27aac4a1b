/** The service's three endpoints (spec 4.1–4.3). */
import type { Hono } from "hono";
import { banksQuerySchema, CHAOS_HEADER, fieldErrorsFromZod } from "@/lib/contract";
import { admitGet, admitPost } from "../admission";
import { banksOf } from "../banks";
import type { SandboxContext } from "../context";
import type { SandboxEnv } from "../http-env";
import { problemResponse, validationProblem } from "../problems";
import { createOrder } from "../service/create-order";

export function apiRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  for (const direction of ["payin", "payout"] as const) {
    app.post(`/api/v1/${direction}/create`, admitPost(ctx, { limited: true }), async (c) => {
      const result = await createOrder(
        ctx,
        c.get("merchant"),
        direction,
        c.get("json"),
        c.get("text"),
        c.req.header(CHAOS_HEADER),
      );
      if (!result.ok) return problemResponse(result.problem);
      c.set("orderId", String(result.body.id));
      if (result.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, result.delayMs));
      return c.json(result.body, 200);
    });
  }

  app.get("/api/v1/bank/available", admitGet(ctx, { limited: true }), async (c) => {
    const parsed = banksQuerySchema.safeParse({ country: c.req.query("country") });
    if (!parsed.success) return problemResponse(validationProblem(fieldErrorsFromZod(parsed.error)));
    return c.json(banksOf(parsed.data.country), 200);
  });
}
