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

export const sandboxPaths: Json = {
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
