/** The sandbox's QA test controls (absent from the real service): one entry per path. */
import type { Json } from "./components";
import { errorRefs, jsonBody, ok, orderIdParameter } from "./responses";

const callbackIdParameter = {
  name: "callbackId",
  in: "path",
  required: true,
  description: "The callback's webhookId, as GET /sandbox/orders/{id} lists it under callbacks.",
  schema: { type: "string", format: "uuid" },
};

const runIdParameter = {
  name: "clientId",
  in: "path",
  required: true,
  description: "The run's client id (run-<uuid>), as POST /sandbox/runs returned it.",
  schema: { type: "string" },
};

export const sandboxPaths: Json = {
  "/sandbox/runs": {
    post: {
      operationId: "sandboxStartRun",
      tags: ["sandbox"],
      summary: "Sandbox only: start a QA run (an account of its own)",
      description:
        "Makes a merchant account for one test run: its own orders, clock, callback chaos and request log, so " +
        "suites running at once against one sandbox never see each other's orders. Sign its requests with the " +
        "returned clientId and secret (give the same to the system under test). Unused for `idleMinutes` " +
        "(SANDBOX_RUN_IDLE_MINUTES, default 60) it is removed with everything it made. Signed by a configured " +
        "account (a run may not start runs: 403); at most 1000 live runs per account (409).",
      requestBody: jsonBody("SandboxRunStart", {
        labelled: { label: "checkout suite, CI job 4812" },
        withChaos: { label: "receiver hardening", chaos: { modes: ["duplicate", "out-of-order"], seed: 7 } },
        empty: {},
      }),
      responses: {
        "200": ok("The run, with its secret (shown only here).", "SandboxRun"),
        ...errorRefs(
          "BadRequest",
          "Unauthorized",
          "Forbidden",
          "Conflict",
          "PayloadTooLarge",
          "UnsupportedMediaType",
        ),
      },
    },
    get: {
      operationId: "sandboxListRuns",
      tags: ["sandbox"],
      summary: "Sandbox only: the account's live runs",
      description: "Newest first, without their secrets. Signed by a configured account.",
      responses: {
        "200": ok("The runs.", "SandboxRunList"),
        ...errorRefs("Unauthorized", "Forbidden"),
      },
    },
  },
  "/sandbox/runs/{clientId}/reset": {
    post: {
      operationId: "sandboxResetRun",
      tags: ["sandbox"],
      summary: "Sandbox only: reset a QA run",
      description:
        "Deletes the run's orders with their callbacks, its request log and its clock; the run goes on (its " +
        "paymentIds are free again). Signed by the run itself or by the account that started it; `{}` body.",
      parameters: [runIdParameter],
      requestBody: jsonBody("SandboxResend", { empty: {} }),
      responses: {
        "200": ok("What was deleted.", "SandboxRunCleared"),
        ...errorRefs("Unauthorized", "NotFound", "PayloadTooLarge", "UnsupportedMediaType"),
      },
    },
  },
  "/sandbox/runs/{clientId}": {
    delete: {
      operationId: "sandboxEndRun",
      tags: ["sandbox"],
      summary: "Sandbox only: end a QA run",
      description:
        "Removes the run and everything it made; its credentials are refused from then on. Signed like a GET " +
        "(X-Signature over the path), by the run itself or by the account that started it.",
      parameters: [runIdParameter],
      responses: {
        "200": ok("What was deleted.", "SandboxRunCleared"),
        ...errorRefs("Unauthorized", "NotFound"),
      },
    },
  },
  "/sandbox/clock": {
    get: {
      operationId: "sandboxGetClock",
      tags: ["sandbox"],
      summary: "Sandbox only: the account's clock",
      description:
        "The account's time: order times (createdAt, expiresAt, updatedAt), expiry of unpaid pay-ins and " +
        "callback retries run on it. It starts at the real time. Signed like the API (X-Signature over the path).",
      responses: {
        "200": ok("The account's time and how far it runs ahead of the real one.", "SandboxClock"),
        ...errorRefs("Unauthorized"),
      },
    },
    post: {
      operationId: "sandboxAdvanceClock",
      tags: ["sandbox"],
      summary: "Sandbox only: move the account's clock forwards",
      description:
        "Moves the account's clock forwards (never back), by `advanceSeconds` or to `to`: pay-ins whose " +
        "`expiresAt` it passes are expired (their callbacks queued) before it answers, and callbacks waiting " +
        "to be retried come due as much sooner. Other accounts' clocks do not move. Signed like the API.",
      requestBody: jsonBody("SandboxClockAdvance", {
        fifteenMinutes: { advanceSeconds: 900 },
        toATime: { to: "2026-11-24T10:15:00Z" },
      }),
      responses: {
        "200": ok("The account's clock after the move.", "SandboxClock"),
        ...errorRefs("BadRequest", "Unauthorized", "PayloadTooLarge", "UnsupportedMediaType"),
      },
    },
  },
  "/sandbox/requests": {
    get: {
      operationId: "sandboxListRequests",
      tags: ["sandbox"],
      summary: "Sandbox only: the account's request log",
      description:
        "Every request the sandbox answered for this client id, newest first, with its verdict (why a call was " +
        "refused), latency and the order it concerned; kept 24 hours. Signed like the API (X-Signature over " +
        "the path with its query as sent).",
      parameters: [
        {
          name: "orderId",
          in: "query",
          required: false,
          description: "Only the requests about this order.",
          schema: { type: "string", format: "uuid" },
        },
        {
          name: "before",
          in: "query",
          required: false,
          description: "Only requests answered before this time (the next page: the last entry's `at`).",
          schema: { type: "string", format: "date-time" },
        },
        {
          name: "limit",
          in: "query",
          required: false,
          description: "How many, 1 to 200 (default 50).",
          schema: { type: "integer", minimum: 1, maximum: 200, default: 50 },
        },
      ],
      responses: {
        "200": ok("The requests, newest first.", "SandboxRequestLog"),
        ...errorRefs("BadRequest", "Unauthorized"),
      },
    },
  },
  "/sandbox/orders/{id}/callbacks/{callbackId}/resend": {
    post: {
      operationId: "sandboxResendCallback",
      tags: ["sandbox"],
      summary: "Sandbox only: send a past callback again",
      description:
        "The service's retry, on demand: the same message (webhook-id and body) is delivered once more, signed " +
        "afresh, and its attempt recorded with the others. Body: `{}`. A callback being delivered at that " +
        "moment: 409.",
      parameters: [orderIdParameter, callbackIdParameter],
      requestBody: jsonBody("SandboxResend", { resend: {} }),
      responses: {
        "200": ok("The order, its callback due again.", "SandboxOrder"),
        ...errorRefs("Unauthorized", "NotFound", "Conflict", "PayloadTooLarge", "UnsupportedMediaType"),
      },
    },
  },
  "/sandbox/orders/{id}/status": {
    post: {
      operationId: "sandboxMoveOrder",
      tags: ["sandbox"],
      summary: "Sandbox only: move an order to a final status",
      description:
        "Moves an `In progress` order to Success, Failed or Expired (pay-ins only) and fires its callback. " +
        "Signed like the API (X-Signature over the raw body). A final status never changes: 409.",
      parameters: [orderIdParameter],
      requestBody: jsonBody("SandboxStatusChange", {
        paid: { status: "Success" },
        failed: { status: "Failed" },
      }),
      responses: {
        "200": ok("The order after the move, with its callbacks.", "SandboxOrder"),
        ...errorRefs(
          "BadRequest",
          "Unauthorized",
          "NotFound",
          "Conflict",
          "PayloadTooLarge",
          "UnsupportedMediaType",
        ),
      },
    },
  },
  "/sandbox/orders/{id}/chaos": {
    post: {
      operationId: "sandboxSetOrderChaos",
      tags: ["sandbox"],
      summary: "Sandbox only: spoil an order's callbacks on purpose",
      description:
        "Sets the callback chaos of an `In progress` order (its status callback is queued with it; 409 once " +
        "it is final): duplicate, out-of-order, late, bad-signature, drop, x-signature-only, " +
        "webhook-signature-only. The choices and the retry jitter are drawn from `seed` and the order's " +
        'paymentId, so a run is replayed exactly. `{ "modes": [] }` turns it off. The same can be asked ' +
        "per request with the X-Sandbox-Chaos header and per account in the accounts file. Signed like the API.",
      parameters: [orderIdParameter],
      requestBody: jsonBody("SandboxChaos", {
        duplicated: { modes: ["duplicate"] },
        everything: { modes: ["drop", "bad-signature", "duplicate", "out-of-order"], seed: 7 },
        halfLate: { modes: ["late"], delayMs: 5000, probability: 0.5, seed: 7 },
      }),
      responses: {
        "200": ok("The order with its chaos settings.", "SandboxOrder"),
        ...errorRefs(
          "BadRequest",
          "Unauthorized",
          "NotFound",
          "Conflict",
          "PayloadTooLarge",
          "UnsupportedMediaType",
        ),
      },
    },
  },
  "/sandbox/orders/{id}": {
    get: {
      operationId: "sandboxGetOrder",
      tags: ["sandbox"],
      summary: "Sandbox only: an order with its callback attempts",
      description: "Signed like the API (X-Signature over the path as sent).",
      parameters: [orderIdParameter],
      responses: {
        "200": ok("The order with its callbacks and every delivery attempt.", "SandboxOrder"),
        ...errorRefs("Unauthorized", "NotFound"),
      },
    },
  },
};
