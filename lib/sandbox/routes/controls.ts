/** QA test controls (docs/qa.md, Test controls): authenticated like the API, not rate-limited. */
import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import { canMoveTo, fromMinorUnits, type SandboxOrder, type SandboxRequestLog } from "@/lib/contract";
import {
  getOrderRoute,
  listRequestsRoute,
  moveOrderRoute,
  resendCallbackRoute,
  setOrderChaosRoute,
} from "@/lib/contract/openapi";
import { isUuid } from "@/lib/contract/uuid";
import { readCallbacksOfOrder } from "@/lib/database/sandbox/callbacks";
import { findOrder, setOrderChaos } from "@/lib/database/sandbox/orders";
import type { SandboxOrderRow } from "@/lib/database/sandbox/schema";
import { listRequests } from "@/lib/database/sandbox/requests";
import { admitGet, admitPost } from "../admission";
import type { SandboxApp } from "../app";
import { minorFromDecimal } from "../canonical";
import { orderChaos } from "../chaos";
import type { Merchant, SandboxContext } from "../context";
import type { AdmittedPostEnv, MerchantEnv } from "../http-env";
import { problem, problemResponse, validationProblem } from "../problems";
import { moveOrder } from "../service/move-order";
import { resendCallback } from "../service/resend-callback";

type OwnOrderEnv = {
  Bindings: HttpBindings;
  Variables: { merchant: Merchant; order: SandboxOrderRow; orderId?: string };
};

/**
 * The order the path's {id} names, if it is the asking account's (noted for the request log), else 404 —
 * before the body is parsed, so an unknown order is a 404 whatever was sent.
 */
function ownOrder(ctx: SandboxContext): MiddlewareHandler<OwnOrderEnv> {
  return async (c, next) => {
    const id = c.req.param("id") ?? "";
    const order = isUuid(id) ? await findOrder(ctx.db, c.get("merchant").clientId, id) : undefined;
    if (!order) return problemResponse(problem(404, "not-found", `No order ${id} for this client id`));
    c.set("orderId", order.id);
    c.set("order", order);
    await next();
  };
}

export function controlRoutes(app: SandboxApp, ctx: SandboxContext): void {
  // Tuples (not arrays): the handler's context then carries what each middleware sets.
  const admittedPost: [MiddlewareHandler<AdmittedPostEnv>, MiddlewareHandler<OwnOrderEnv>] = [
    admitPost(ctx, { limited: false }),
    ownOrder(ctx),
  ];
  const admittedGet: [MiddlewareHandler<MerchantEnv>, MiddlewareHandler<OwnOrderEnv>] = [
    admitGet(ctx, { limited: false }),
    ownOrder(ctx),
  ];

  app.openapi({ ...moveOrderRoute, middleware: admittedPost }, async (c) => {
    const order = c.get("order");
    const { id } = c.req.valid("param");
    const { status } = c.req.valid("json");
    if (!canMoveTo(order.direction, status)) {
      return problemResponse(
        validationProblem([{ path: "status", message: "Expired applies to pay-ins only" }]),
      );
    }
    const moved = await moveOrder(ctx, order.id, status);
    if (!moved) {
      const now = await findOrder(ctx.db, order.clientId, id);
      return problemResponse(
        problem(409, "order-final", `Order ${id} is already final (${now?.status ?? order.status})`),
      );
    }
    return c.json(await orderView(ctx, moved), 200);
  });

  app.openapi({ ...resendCallbackRoute, middleware: admittedPost }, async (c) => {
    const order = c.get("order");
    const { id, callbackId } = c.req.valid("param");
    const outcome = await resendCallback(ctx, order.id, callbackId);
    if (outcome === "no-such-callback") {
      return problemResponse(
        problem(404, "not-found", `Order ${id} has no callback ${callbackId} (see its callbacks' webhookId)`),
      );
    }
    if (outcome === "in-flight") {
      return problemResponse(
        problem(
          409,
          "callback-in-flight",
          `Callback ${callbackId} is being delivered now: try again in a moment`,
        ),
      );
    }
    return c.json(await orderView(ctx, order), 200);
  });

  app.openapi({ ...setOrderChaosRoute, middleware: admittedPost }, async (c) => {
    const order = c.get("order");
    const { id } = c.req.valid("param");
    const updated = await setOrderChaos(ctx.db, order.clientId, order.id, orderChaos(c.req.valid("json")));
    if (!updated) {
      return problemResponse(
        problem(
          409,
          "order-final",
          `Order ${id} is already final: its callback was queued with the chaos it had then`,
        ),
      );
    }
    return c.json(await orderView(ctx, updated), 200);
  });

  app.openapi(
    { ...listRequestsRoute, middleware: [admitGet(ctx, { limited: false })] as const },
    async (c) => {
      const { orderId, before, limit } = c.req.valid("query");
      const rows = await listRequests(ctx.db, c.get("merchant").clientId, {
        orderId,
        before: before ? new Date(before) : undefined,
        limit,
      });
      const body: SandboxRequestLog = {
        requests: rows.map((r) => ({
          at: r.at.toISOString(),
          method: r.method,
          path: r.path,
          clientId: r.clientId,
          status: r.status,
          verdict: r.verdict,
          detail: r.detail,
          latencyMs: r.latencyMs,
          orderId: r.orderId,
        })),
      };
      return c.json(body, 200);
    },
  );

  app.openapi({ ...getOrderRoute, middleware: admittedGet }, async (c) =>
    c.json(await orderView(ctx, c.get("order")), 200),
  );
}

/** An order with its callbacks and every delivery attempt. */
export async function orderView(ctx: SandboxContext, o: SandboxOrderRow): Promise<SandboxOrder> {
  const { callbacks, attempts } = await readCallbacksOfOrder(ctx.db, o.id);
  const money = (text: string) => fromMinorUnits(minorFromDecimal(text));
  return {
    id: o.id,
    paymentId: o.paymentId,
    type: o.direction,
    status: o.status,
    paymentMethod: o.paymentMethod,
    country: o.country,
    currency: o.currency,
    amount: money(o.finalAmount),
    requestedAmount: money(o.amount),
    expiresAt: o.expiresAt?.toISOString() ?? null,
    bankDetails: o.bankDetails,
    postbackUrl: o.postbackUrl,
    request: o.request,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    chaos: o.chaos,
    callbacks: callbacks.map((cb) => ({
      webhookId: cb.id,
      status: cb.status,
      state: cb.state,
      url: cb.url,
      body: cb.body,
      attemptCount: cb.attempts,
      nextAttemptAt: cb.state === "pending" ? cb.nextAttemptAt.toISOString() : null,
      createdAt: cb.createdAt.toISOString(),
      finishedAt: cb.finishedAt?.toISOString() ?? null,
      chaos: cb.chaos?.modes ?? [],
      attempts: attempts
        .filter((a) => a.callbackId === cb.id)
        .map((a) => ({
          attempt: a.attempt,
          at: a.startedAt.toISOString(),
          durationMs: a.durationMs,
          statusCode: a.statusCode,
          error: a.error,
          chaos: a.chaos,
        })),
    })),
  };
}
