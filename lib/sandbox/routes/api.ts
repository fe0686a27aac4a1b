/** The service's three endpoints (spec 4.1–4.3). */
import { CHAOS_HEADER } from "@/lib/contract";
import { createPayinRoute, createPayoutRoute, listBanksRoute } from "@/lib/contract/openapi";
import { admitGet, admitPost } from "../admission";
import type { SandboxApp } from "../app";
import { banksOf } from "../banks";
import type { SandboxContext } from "../context";
import { problemResponse } from "../problems";
import { createOrder } from "../service/create-order";

export function apiRoutes(app: SandboxApp, ctx: SandboxContext): void {
  for (const [direction, route] of [
    ["payin", createPayinRoute],
    ["payout", createPayoutRoute],
  ] as const) {
    // A create checks its own input (createOrder): the body with its amount as written and the chaos header,
    // every failing field in one problem. So the route carries its definition without the request schemas.
    const { request: _checkedByCreateOrder, ...unchecked } = route;
    app.openapi({ ...unchecked, middleware: [admitPost(ctx, { limited: true })] as const }, async (c) => {
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

  app.openapi({ ...listBanksRoute, middleware: [admitGet(ctx, { limited: true })] as const }, (c) =>
    c.json(banksOf(c.req.valid("query").country), 200),
  );
}
