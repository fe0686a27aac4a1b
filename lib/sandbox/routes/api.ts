/** The service's three endpoints (spec 4.1–4.3). */
import type { Hono } from "hono";
import { banksQuerySchema, fieldErrorsFromZod } from "@/lib/contract";
import { admitGet, admitPost, Refusal, type SandboxEnv } from "../admission";
import { banksOf } from "../banks";
import type { SandboxContext } from "../context";
import { problemResponse, validationProblem } from "../problems";
import { createOrder } from "../service/create-order";

export function apiRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  for (const direction of ["payin", "payout"] as const) {
    app.post(`/api/v1/${direction}/create`, async (c) => {
      const admitted = await admitPost(ctx, c, { limited: true });
      if (admitted instanceof Refusal) return admitted.response;
      const result = await createOrder(ctx, admitted.merchant, direction, admitted.json, admitted.text);
      if (!result.ok) return problemResponse(result.problem);
      if (result.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, result.delayMs));
      return c.json(result.body, 200);
    });
  }

  app.get("/api/v1/bank/available", async (c) => {
    const admitted = await admitGet(ctx, c, { limited: true });
    if (admitted instanceof Refusal) return admitted.response;
    const parsed = banksQuerySchema.safeParse({ country: c.req.query("country") });
    if (!parsed.success) return problemResponse(validationProblem(fieldErrorsFromZod(parsed.error)));
    return c.json(banksOf(parsed.data.country), 200);
  });
}
