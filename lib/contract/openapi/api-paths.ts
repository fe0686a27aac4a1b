/** The service's own operations: creating pay-ins and pay-outs, and the bank directory. */
import { PAYIN_METHODS, PAYOUT_METHODS } from "../methods";
import { CHAOS_HEADER, CHAOS_MODES } from "../sandbox-chaos";
import { samplePayinRequest, samplePayinResponse, samplePayoutRequest } from "../samples";
import { type Json, ref } from "./components";
import { errorRefs, jsonBody, ok } from "./responses";

/** Read by the sandbox only; the real service ignores it. */
const chaosHeaderParameter = {
  name: CHAOS_HEADER,
  in: "header",
  required: false,
  description:
    `Sandbox only (the real service ignores it): spoil this order's callbacks on purpose. Modes separated by ` +
    `commas (${CHAOS_MODES.join(", ")}; "none" overrides the account's), then optional settings: ` +
    `"; seed=7; probability=0.5; delayMs=1500". A malformed value is a 400 naming the header.`,
  schema: { type: "string" },
  examples: {
    duplicated: { value: "duplicate" },
    seeded: { value: "drop, bad-signature, out-of-order; seed=7" },
  },
};

export const apiPaths: Json = {
  "/api/v1/payin/create": {
    post: {
      operationId: "createPayin",
      summary: "Create a pay-in order",
      description: "Returns the payment details the client pays to. Idempotent on paymentId.",
      parameters: [chaosHeaderParameter],
      requestBody: jsonBody(
        "PayinRequest",
        Object.fromEntries(
          PAYIN_METHODS.map((m) => [
            m,
            samplePayinRequest(m, { postbackUrl: "https://merchant.example/postback" }),
          ]),
        ),
      ),
      responses: {
        "200": ok(
          "The order (also for a replay of the same request).",
          "PayinResponse",
          Object.fromEntries(PAYIN_METHODS.map((m) => [m, samplePayinResponse(m)])),
        ),
        ...errorRefs(
          "BadRequest",
          "Unauthorized",
          "Conflict",
          "PayloadTooLarge",
          "UnsupportedMediaType",
          "TooManyRequests",
          "InternalError",
        ),
      },
    },
  },
  "/api/v1/payout/create": {
    post: {
      operationId: "createPayout",
      summary: "Create a pay-out order",
      description: "Sends money to the client's details in payoutDetails. Idempotent on paymentId.",
      parameters: [chaosHeaderParameter],
      requestBody: jsonBody(
        "PayoutRequest",
        Object.fromEntries(
          PAYOUT_METHODS.map((m) => [
            m,
            samplePayoutRequest(m, { postbackUrl: "https://merchant.example/postback" }),
          ]),
        ),
      ),
      responses: {
        "200": ok("The order (also for a replay of the same request).", "PayoutResponse"),
        ...errorRefs(
          "BadRequest",
          "Unauthorized",
          "Conflict",
          "PayloadTooLarge",
          "UnsupportedMediaType",
          "TooManyRequests",
          "InternalError",
        ),
      },
    },
  },
  "/api/v1/bank/available": {
    get: {
      operationId: "listBanks",
      summary: "List the banks of a country",
      description:
        "X-Signature covers the path with its query string as sent, e.g. /api/v1/bank/available?country=RU.",
      parameters: [
        {
          name: "country",
          in: "query",
          required: true,
          description: "ISO 3166-1 alpha-2 code. Well-formed with no banks: []; malformed: 400.",
          schema: ref("CountryCode"),
        },
      ],
      responses: {
        "200": ok("The banks of the country.", "BankList"),
        ...errorRefs("BadRequest", "Unauthorized", "TooManyRequests", "InternalError"),
      },
    },
  },
};
