/** The sandbox's QA test controls (absent from the real service): one definition per operation. */
import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import { sandboxChaosSchema } from "../sandbox-chaos";
import {
  sandboxClockAdvanceSchema,
  sandboxClockSchema,
  sandboxOrderSchema,
  sandboxRequestLogSchema,
  sandboxRequestsQuerySchema,
  sandboxResendSchema,
  sandboxStatusChangeSchema,
} from "../sandbox-controls";
import {
  sandboxRunClearedSchema,
  sandboxRunListSchema,
  sandboxRunSchema,
  sandboxRunStartSchema,
} from "../sandbox-runs";
import { errorRefs, jsonBody, ok } from "./responses";

/*
 * Path parameters are documented, not checked here: an id that names nothing of this account (malformed
 * or not) is a 404 from the route, as an unknown id is.
 */
const orderId = z.string().meta({
  description: "The order's id in the service (the `id` of the create response).",
  format: "uuid",
});
const callbackId = z.string().meta({
  description: "The callback's webhookId, as GET /sandbox/orders/{id} lists it under callbacks.",
  format: "uuid",
});
const runClientId = z.string().meta({
  description: "The run's client id (run-<uuid>), as POST /sandbox/runs returned it.",
});

type ErrorName = Parameters<typeof errorRefs>[number];

/** What an order control can answer besides its 200: a 404 for an unknown order, a 409 once it is final. */
const ORDER_CONTROL_ERRORS: ErrorName[] = [
  "BadRequest",
  "Unauthorized",
  "NotFound",
  "Conflict",
  "PayloadTooLarge",
  "UnsupportedMediaType",
];

/** A sandbox control: tagged `sandbox`, answering 200 with `answer` or one of the shared `errors`. */
const sandboxRoute = <
  P extends string,
  R extends Omit<RouteConfig, "path" | "responses"> & { path: P },
  S extends z.ZodType,
>(
  config: R,
  answer: [description: string, schema: S],
  errors: ErrorName[],
) =>
  createRoute({
    tags: ["sandbox"],
    ...config,
    responses: { 200: ok(...answer), ...errorRefs(...errors) },
  });

export const startRunRoute = sandboxRoute(
  {
    method: "post",
    path: "/sandbox/runs",
    operationId: "sandboxStartRun",
    summary: "Sandbox only: start a QA run (an account of its own)",
    description:
      "Makes a merchant account for one test run: its own orders, clock, callback chaos and request log, so " +
      "suites running at once against one sandbox never see each other's orders. Sign its requests with the " +
      "returned clientId and secret (give the same to the system under test). Unused for `idleMinutes` " +
      "(SANDBOX_RUN_IDLE_MINUTES, default 60) it is removed with everything it made. Signed by a configured " +
      "account (a run may not start runs: 403); at most 1000 live runs per account (409).",
    request: {
      body: jsonBody(sandboxRunStartSchema, {
        labelled: { label: "checkout suite, CI job 4812" },
        withChaos: { label: "receiver hardening", chaos: { modes: ["duplicate", "out-of-order"], seed: 7 } },
        empty: {},
      }),
    },
  },
  ["The run, with its secret (shown only here).", sandboxRunSchema],
  ["BadRequest", "Unauthorized", "Forbidden", "Conflict", "PayloadTooLarge", "UnsupportedMediaType"],
);

export const listRunsRoute = sandboxRoute(
  {
    method: "get",
    path: "/sandbox/runs",
    operationId: "sandboxListRuns",
    summary: "Sandbox only: the account's live runs",
    description: "Newest first, without their secrets. Signed by a configured account.",
  },
  ["The runs.", sandboxRunListSchema],
  ["Unauthorized", "Forbidden"],
);

export const resetRunRoute = sandboxRoute(
  {
    method: "post",
    path: "/sandbox/runs/{clientId}/reset",
    operationId: "sandboxResetRun",
    summary: "Sandbox only: reset a QA run",
    description:
      "Deletes the run's orders with their callbacks, its request log and its clock; the run goes on (its " +
      "paymentIds are free again). Signed by the run itself or by the account that started it; `{}` body.",
    request: {
      params: z.object({ clientId: runClientId }),
      body: jsonBody(sandboxResendSchema, { empty: {} }),
    },
  },
  ["What was deleted.", sandboxRunClearedSchema],
  ["Unauthorized", "NotFound", "PayloadTooLarge", "UnsupportedMediaType"],
);

export const endRunRoute = sandboxRoute(
  {
    method: "delete",
    path: "/sandbox/runs/{clientId}",
    operationId: "sandboxEndRun",
    summary: "Sandbox only: end a QA run",
    description:
      "Removes the run and everything it made; its credentials are refused from then on. Signed like a GET " +
      "(X-Signature over the path), by the run itself or by the account that started it.",
    request: { params: z.object({ clientId: runClientId }) },
  },
  ["What was deleted.", sandboxRunClearedSchema],
  ["Unauthorized", "NotFound"],
);

export const getClockRoute = sandboxRoute(
  {
    method: "get",
    path: "/sandbox/clock",
    operationId: "sandboxGetClock",
    summary: "Sandbox only: the account's clock",
    description:
      "The account's time: order times (createdAt, expiresAt, updatedAt), expiry of unpaid pay-ins and " +
      "callback retries run on it. It starts at the real time. Signed like the API (X-Signature over the path).",
  },
  ["The account's time and how far it runs ahead of the real one.", sandboxClockSchema],
  ["Unauthorized"],
);

export const advanceClockRoute = sandboxRoute(
  {
    method: "post",
    path: "/sandbox/clock",
    operationId: "sandboxAdvanceClock",
    summary: "Sandbox only: move the account's clock forwards",
    description:
      "Moves the account's clock forwards (never back), by `advanceSeconds` or to `to`: pay-ins whose " +
      "`expiresAt` it passes are expired (their callbacks queued) before it answers, and callbacks waiting " +
      "to be retried come due as much sooner. Other accounts' clocks do not move. At most ten years ahead of " +
      "the real time, all moves together (a move past that: 400 naming the field); DELETE /sandbox/clock " +
      "resets it. Signed like the API.",
    request: {
      body: jsonBody(sandboxClockAdvanceSchema, {
        fifteenMinutes: { advanceSeconds: 900 },
        toATime: { to: "2026-11-24T10:15:00Z" },
      }),
    },
  },
  ["The account's clock after the move.", sandboxClockSchema],
  ["BadRequest", "Unauthorized", "PayloadTooLarge", "UnsupportedMediaType"],
);

export const resetClockRoute = sandboxRoute(
  {
    method: "delete",
    path: "/sandbox/clock",
    operationId: "sandboxResetClock",
    summary: "Sandbox only: reset the account's clock to the real time",
    description:
      "Puts the account's clock back on the real time (offset 0), however far it was moved; orders keep the " +
      "times they were given. Signed like a GET (X-Signature over the path).",
  },
  ["The account's clock, on the real time.", sandboxClockSchema],
  ["Unauthorized"],
);

export const listRequestsRoute = sandboxRoute(
  {
    method: "get",
    path: "/sandbox/requests",
    operationId: "sandboxListRequests",
    summary: "Sandbox only: the account's request log",
    description:
      "Every request the sandbox answered for this client id, newest first, with its verdict (why a call was " +
      "refused), latency and the order it concerned; kept 24 hours. Signed like the API (X-Signature over " +
      "the path with its query as sent).",
    request: { query: sandboxRequestsQuerySchema },
  },
  ["The requests, newest first.", sandboxRequestLogSchema],
  ["BadRequest", "Unauthorized"],
);

export const resendCallbackRoute = sandboxRoute(
  {
    method: "post",
    path: "/sandbox/orders/{id}/callbacks/{callbackId}/resend",
    operationId: "sandboxResendCallback",
    summary: "Sandbox only: send a past callback again",
    description:
      "The service's retry, on demand: the same message (webhook-id and body) is delivered once more, signed " +
      "afresh, and its attempt recorded with the others. Body: `{}`. A callback being delivered at that " +
      "moment: 409.",
    request: {
      params: z.object({ id: orderId, callbackId }),
      body: jsonBody(sandboxResendSchema, { resend: {} }),
    },
  },
  ["The order, its callback due again.", sandboxOrderSchema],
  ORDER_CONTROL_ERRORS,
);

export const moveOrderRoute = sandboxRoute(
  {
    method: "post",
    path: "/sandbox/orders/{id}/status",
    operationId: "sandboxMoveOrder",
    summary: "Sandbox only: move an order to a final status",
    description:
      "Moves an `In progress` order to Success, Failed or Expired (pay-ins only) and fires its callback. " +
      "Signed like the API (X-Signature over the raw body). A final status never changes: 409.",
    request: {
      params: z.object({ id: orderId }),
      body: jsonBody(sandboxStatusChangeSchema, {
        paid: { status: "Success" },
        failed: { status: "Failed" },
      }),
    },
  },
  ["The order after the move, with its callbacks.", sandboxOrderSchema],
  ORDER_CONTROL_ERRORS,
);

export const setOrderChaosRoute = sandboxRoute(
  {
    method: "post",
    path: "/sandbox/orders/{id}/chaos",
    operationId: "sandboxSetOrderChaos",
    summary: "Sandbox only: spoil an order's callbacks on purpose",
    description:
      "Sets the callback chaos of an `In progress` order (its status callback is queued with it; 409 once " +
      "it is final): duplicate, out-of-order, late, bad-signature, drop, x-signature-only, " +
      "webhook-signature-only. The choices and the retry jitter are drawn from `seed` and the order's " +
      'paymentId, so a run is replayed exactly. `{ "modes": [] }` turns it off. The same can be asked ' +
      "per request with the X-Sandbox-Chaos header and per account in the accounts file. Signed like the API.",
    request: {
      params: z.object({ id: orderId }),
      body: jsonBody(sandboxChaosSchema, {
        duplicated: { modes: ["duplicate"] },
        everything: { modes: ["drop", "bad-signature", "duplicate", "out-of-order"], seed: 7 },
        halfLate: { modes: ["late"], delayMs: 5000, probability: 0.5, seed: 7 },
      }),
    },
  },
  ["The order with its chaos settings.", sandboxOrderSchema],
  ORDER_CONTROL_ERRORS,
);

export const getOrderRoute = sandboxRoute(
  {
    method: "get",
    path: "/sandbox/orders/{id}",
    operationId: "sandboxGetOrder",
    summary: "Sandbox only: an order with its callback attempts",
    description: "Signed like the API (X-Signature over the path as sent).",
    request: { params: z.object({ id: orderId }) },
  },
  ["The order with its callbacks and every delivery attempt.", sandboxOrderSchema],
  ["Unauthorized", "NotFound"],
);

export const SANDBOX_CONTROL_ROUTES = [
  startRunRoute,
  listRunsRoute,
  resetRunRoute,
  endRunRoute,
  getClockRoute,
  advanceClockRoute,
  resetClockRoute,
  listRequestsRoute,
  resendCallbackRoute,
  moveOrderRoute,
  setOrderChaosRoute,
  getOrderRoute,
] as const;
