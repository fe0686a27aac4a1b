/** The callback the service sends, as an OpenAPI 3.1 webhook. */
import { CALLBACK_HEADERS } from "../callback";
import { type Json, ref } from "./components";

export const webhooks: Json = {
  orderStatusChanged: {
    post: {
      operationId: "orderStatusChanged",
      summary: "Callback to postbackUrl on every status change",
      description:
        "Signed twice over the raw body with the merchant's secret: X-Signature (lowercase hex HMAC-SHA256) " +
        "and Standard Webhooks (webhook-signature: `v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`). " +
        "Any 2xx acknowledges it; otherwise it is retried with exponential backoff and jitter, a bounded number " +
        "of times. Deliveries may repeat or arrive out of order: de-duplicate on webhook-id and never move a " +
        "final status back.",
      security: [],
      parameters: [
        {
          name: CALLBACK_HEADERS.clientId,
          in: "header",
          required: true,
          schema: { type: "string" },
          description: "The merchant's client id.",
        },
        {
          name: CALLBACK_HEADERS.signature,
          in: "header",
          required: true,
          schema: { type: "string", pattern: "^[0-9a-f]{64}$" },
          description: "Lowercase hex HMAC-SHA256 of the raw body.",
        },
        {
          name: CALLBACK_HEADERS.webhookId,
          in: "header",
          required: true,
          schema: { type: "string" },
          description: "Unique per event.",
        },
        {
          name: CALLBACK_HEADERS.webhookTimestamp,
          in: "header",
          required: true,
          schema: { type: "string", pattern: "^\\d+$" },
          description: "Unix seconds; refuse values more than 5 minutes off.",
        },
        {
          name: CALLBACK_HEADERS.webhookSignature,
          in: "header",
          required: true,
          schema: { type: "string" },
          description: "Space-separated `v1,<base64>` signatures.",
        },
      ],
      requestBody: { required: true, content: { "application/json": { schema: ref("CallbackPayload") } } },
      responses: { "2XX": { description: "Received; no body is needed." } },
    },
  },
};
