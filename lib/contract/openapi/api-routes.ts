/** The service's own operations: creating pay-ins and pay-outs, and the bank directory. */
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { bankListSchema, banksQuerySchema } from "../bank";
import { PAYIN_METHODS, PAYOUT_METHODS } from "../methods";
import { payinRequestSchema, payinResponseSchema } from "../payin";
import { payoutRequestSchema, payoutResponseSchema } from "../payout";
import { CHAOS_HEADER, CHAOS_MODES } from "../sandbox-chaos";
import { samplePayinRequest, samplePayinResponse, samplePayoutRequest } from "../samples";
import { errorRefs, jsonBody, ok } from "./responses";

/** Read by the sandbox only; the real service ignores it. */
const chaosHeader = z.object({
  [CHAOS_HEADER]: z
    .string()
    .optional()
    .meta({
      description:
        `Sandbox only (the real service ignores it): spoil this order's callbacks on purpose. Modes separated by ` +
        `commas (${CHAOS_MODES.join(", ")}; "none" overrides the account's), then optional settings: ` +
        `"; seed=7; probability=0.5; delayMs=1500". A malformed value is a 400 naming the header.`,
      examples: ["duplicate", "drop, bad-signature, out-of-order; seed=7"],
    }),
});

const POSTBACK = { postbackUrl: "https://merchant.example/postback" };

const createErrors = errorRefs(
  "BadRequest",
  "Unauthorized",
  "Conflict",
  "PayloadTooLarge",
  "UnsupportedMediaType",
  "TooManyRequests",
  "InternalError",
);

export const createPayinRoute = createRoute({
  method: "post",
  path: "/api/v1/payin/create",
  operationId: "createPayin",
  summary: "Create a pay-in order",
  description: "Returns the payment details the client pays to. Idempotent on paymentId.",
  request: {
    headers: chaosHeader,
    body: jsonBody(
      payinRequestSchema,
      Object.fromEntries(PAYIN_METHODS.map((m) => [m, samplePayinRequest(m, POSTBACK)])),
    ),
  },
  responses: {
    200: ok(
      "The order (also for a replay of the same request).",
      payinResponseSchema,
      Object.fromEntries(PAYIN_METHODS.map((m) => [m, samplePayinResponse(m)])),
    ),
    ...createErrors,
  },
});

export const createPayoutRoute = createRoute({
  method: "post",
  path: "/api/v1/payout/create",
  operationId: "createPayout",
  summary: "Create a pay-out order",
  description: "Sends money to the client's details in payoutDetails. Idempotent on paymentId.",
  request: {
    headers: chaosHeader,
    body: jsonBody(
      payoutRequestSchema,
      Object.fromEntries(PAYOUT_METHODS.map((m) => [m, samplePayoutRequest(m, POSTBACK)])),
    ),
  },
  responses: {
    200: ok("The order (also for a replay of the same request).", payoutResponseSchema),
    ...createErrors,
  },
});

export const listBanksRoute = createRoute({
  method: "get",
  path: "/api/v1/bank/available",
  operationId: "listBanks",
  summary: "List the banks of a country",
  description:
    "X-Signature covers the path with its query string as sent, e.g. /api/v1/bank/available?country=RU.",
  request: {
    query: banksQuerySchema.extend({
      country: banksQuerySchema.shape.country.meta({
        description: "ISO 3166-1 alpha-2 code. Well-formed with no banks: []; malformed: 400.",
      }),
    }),
  },
  responses: {
    200: ok("The banks of the country.", bankListSchema),
    ...errorRefs("BadRequest", "Unauthorized", "TooManyRequests", "InternalError"),
  },
});

export const API_ROUTES = [createPayinRoute, createPayoutRoute, listBanksRoute] as const;
