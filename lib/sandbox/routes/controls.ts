/** QA test controls (README "Sandbox test controls"): authenticated like the API, not rate-limited. */
import type { Hono } from "hono";
import { fieldErrorsFromZod, fromMinorUnits, sandboxStatusChangeSchema } from "@/lib/contract";
import { admitGet, admitPost, Refusal, type SandboxEnv } from "../admission";
import { isUuid, minorFromDecimal } from "../canonical";
import type { SandboxContext } from "../context";
import { problem, problemResponse, validationProblem } from "../problems";
import { moveOrder } from "../service/move-order";
import { listAttemptsOfOrder, listCallbacksOfOrder } from "../store/callbacks";
import { findOrder, type OrderRow } from "../store/orders";

const notFound = (id: string) =>
  problemResponse(problem(404, "not-found", `No order ${id} for this client id`));

export function controlRoutes(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  app.post("/sandbox/orders/:id/status", async (c) => {
    const admitted = await admitPost(ctx, c, { limited: false });
    if (admitted instanceof Refusal) return admitted.response;
    const id = c.req.param("id");
    const order = isUuid(id) ? await findOrder(ctx.db, admitted.merchant.clientId, id) : undefined;
    if (!order) return notFound(id);
    const parsed = sandboxStatusChangeSchema.safeParse(admitted.json);
    if (!parsed.success) return problemResponse(validationProblem(fieldErrorsFromZod(parsed.error)));
    const { status } = parsed.data;
    if (status === "Expired" && order.direction !== "payin") {
      return problemResponse(
        validationProblem([{ path: "status", message: "Expired applies to pay-ins only" }]),
      );
    }
    const moved = await moveOrder(ctx, order.id, status);
    if (!moved) {
      const now = await findOrder(ctx.db, admitted.merchant.clientId, id);
      return problemResponse(
        problem(409, "order-final", `Order ${id} is already final (${now?.status ?? order.status})`),
      );
    }
    return c.json(await orderView(ctx, moved), 200);
  });

  app.get("/sandbox/orders/:id", async (c) => {
    const admitted = await admitGet(ctx, c, { limited: false });
    if (admitted instanceof Refusal) return admitted.response;
    const id = c.req.param("id");
    const order = isUuid(id) ? await findOrder(ctx.db, admitted.clientId, id) : undefined;
    if (!order) return notFound(id);
    return c.json(await orderView(ctx, order), 200);
  });
}

/** An order with its callbacks and every delivery attempt. */
export async function orderView(ctx: SandboxContext, o: OrderRow) {
  const [callbacks, attempts] = await Promise.all([
    listCallbacksOfOrder(ctx.db, o.id),
    listAttemptsOfOrder(ctx.db, o.id),
  ]);
  const money = (text: string) => fromMinorUnits(minorFromDecimal(text));
  return {
    id: o.id,
    paymentId: o.payment_id,
    type: o.direction,
    status: o.status,
    paymentMethod: o.payment_method,
    country: o.country,
    currency: o.currency,
    amount: money(o.final_amount),
    requestedAmount: money(o.amount),
    expiresAt: o.expires_at?.toISOString() ?? null,
    bankDetails: o.bank_details,
    postbackUrl: o.postback_url,
    request: o.request,
    createdAt: o.created_at.toISOString(),
    updatedAt: o.updated_at.toISOString(),
    callbacks: callbacks.map((cb) => ({
      webhookId: cb.id,
      status: cb.status,
      state: cb.state,
      url: cb.url,
      body: cb.body,
      attemptCount: cb.attempts,
      nextAttemptAt: cb.state === "pending" ? cb.next_attempt_at.toISOString() : null,
      createdAt: cb.created_at.toISOString(),
      finishedAt: cb.finished_at?.toISOString() ?? null,
      attempts: attempts
        .filter((a) => a.callback_id === cb.id)
        .map((a) => ({
          attempt: a.attempt,
          at: a.started_at.toISOString(),
          durationMs: a.duration_ms,
          statusCode: a.status_code,
          error: a.error,
        })),
    })),
  };
}
