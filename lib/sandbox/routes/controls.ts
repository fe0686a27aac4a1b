/** QA test controls (docs/qa.md, Test controls): authenticated like the API, not rate-limited. */
import type { Context, Hono } from "hono";
import {
  canMoveTo,
  fieldErrorsFromZod,
  fromMinorUnits,
  type SandboxOrder,
  type SandboxRequestLog,
  sandboxRequestsQuerySchema,
  sandboxChaosSchema,
  sandboxResendSchema,
  sandboxStatusChangeSchema,
} from "@/lib/contract";
import { listRequests } from "@/lib/database/sandbox/requests";
import { admitGet, admitPost } from "../admission";
import { isUuid } from "@/lib/contract/uuid";
import { minorFromDecimal } from "../canonical";
import type { SandboxContext } from "../context";
import type { MerchantEnv, SandboxEnv } from "../http-env";
import { problem, problemResponse, validationProblem } from "../problems";
import { moveOrder } from "../service/move-order";
import { resendCallback } from "../service/resend-callback";
import { readCallbacksOfOrder } from "@/lib/database/sandbox/callbacks";
import type { SandboxOrderRow } from "@/lib/database/sandbox/schema";
import { findOrder, setOrderChaos } from "@/lib/database/sandbox/orders";
import { orderChaos } from "../chaos";

const notFound = (id: string) =>
  problemResponse(problem(404, "not-found", `No order ${id} for this client id`));

/** The order the path's :id names, if it is the asking account's (and then noted for the request log). */
async function ownOrder<E extends MerchantEnv & SandboxEnv>(
  ctx: SandboxContext,
  c: Context<E, "/sandbox/orders/:id">,
): Promise<{ id: string; order: SandboxOrderRow | undefined }> {
  const id = c.req.param("id") ?? "";
  const order = isUuid(id) ? await findOrder(ctx.db, c.get("merchant").clientId, id) : undefined;
  if (order) c.set("orderId", order.id);
  return { id, order };
}

export function controlRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  app.post("/sandbox/orders/:id/status", admitPost(ctx, { limited: false }), async (c) => {
    const { id, order } = await ownOrder(ctx, c);
    if (!order) return notFound(id);
    const parsed = sandboxStatusChangeSchema.safeParse(c.get("json"));
    if (!parsed.success) return problemResponse(validationProblem(fieldErrorsFromZod(parsed.error)));
    const { status } = parsed.data;
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

  app.post(
    "/sandbox/orders/:id/callbacks/:callbackId/resend",
    admitPost(ctx, { limited: false }),
    async (c) => {
      const { id, order } = await ownOrder(ctx, c);
      if (!order) return notFound(id);
      const body = sandboxResendSchema.safeParse(c.get("json"));
      if (!body.success) return problemResponse(validationProblem(fieldErrorsFromZod(body.error)));
      const callbackId = c.req.param("callbackId");
      const outcome = await resendCallback(ctx, order.id, callbackId);
      if (outcome === "no-such-callback") {
        return problemResponse(
          problem(
            404,
            "not-found",
            `Order ${id} has no callback ${callbackId} (see its callbacks' webhookId)`,
          ),
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
    },
  );

  app.post("/sandbox/orders/:id/chaos", admitPost(ctx, { limited: false }), async (c) => {
    const { id, order } = await ownOrder(ctx, c);
    if (!order) return notFound(id);
    const parsed = sandboxChaosSchema.safeParse(c.get("json"));
    if (!parsed.success) return problemResponse(validationProblem(fieldErrorsFromZod(parsed.error)));
    const updated = await setOrderChaos(ctx.db, order.clientId, order.id, orderChaos(parsed.data));
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

  app.get("/sandbox/requests", admitGet(ctx, { limited: false }), async (c) => {
    const parsed = sandboxRequestsQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return problemResponse(validationProblem(fieldErrorsFromZod(parsed.error)));
    const { orderId, before, limit } = parsed.data;
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
  });

  app.get("/sandbox/orders/:id", admitGet(ctx, { limited: false }), async (c) => {
    const { id, order } = await ownOrder(ctx, c);
    if (!order) return notFound(id);
    return c.json(await orderView(ctx, order), 200);
  });
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
