/**
 * The OpenAPI 3.1 document of the dashboard's own JSON routes (app/api/**), served at GET /api/openapi.json.
 * Each route is defined once here, next to the route handlers: their bodies and answers are the contract's
 * zod schemas where the route speaks the contract (banks, the callback receiver, problems) and the small
 * shapes below otherwise. app/api/openapi.test.ts holds this list to the route files, both ways.
 */
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { bankListSchema, banksQuerySchema } from "@/lib/contract/bank";
import { CALLBACK_HEADERS, callbackPayloadSchema } from "@/lib/contract/callback";
import { componentsReferencedBy, type Json, pathsFromRoutes } from "@/lib/contract/openapi";
import { PROBLEM_CONTENT_TYPE, problemSchema } from "@/lib/contract/problem";
import { GRANULARITIES, RANGE_PRESETS } from "@/lib/insights/range";

const problem = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } },
});
const json = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { "application/json": { schema } },
});
const eventStream = (description: string) => ({
  description,
  content: { "text/event-stream": { schema: { type: "string" as const } } },
});
const signedIn = {
  401: problem("No session: sign in."),
  403: problem("The session's role may not do this."),
};
const notFound = json(
  "Unknown or malformed token (the same bare answer for both).",
  z.object({ error: z.string() }),
);

const orderIds = z.object({
  ids: z.string().meta({
    description: "Comma-separated order ids (UUIDs), 1 to 200.",
    examples: ["4f9d2c1e-8a7b-4c3d-9e2f-1a2b3c4d5e6f,0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e"],
  }),
});
const payToken = z.object({ token: z.string().meta({ description: "The pay page's customer token." }) });
const ok = json("Up.", z.object({ ok: z.literal(true) }));
const publicCase = z.object({
  state: z.enum(["open", "found", "not_found"]),
  submittedAt: z.string(),
  closedAt: z.string().nullable(),
});
const caseAnswer = z.object({ case: publicCase, alreadyOpen: z.boolean() });
const funnelRefusal = z.object({
  error: z.enum(["invalid", "rateLimited", "tooLarge", "notFound"]),
  fields: z.object({ step: z.string().optional() }).optional(),
  retryAfterSeconds: z.number().optional(),
});
const caseRefusal = z.object({
  error: z.enum(["invalid", "rateLimited", "closed", "tooMany", "tooLarge", "notFound"]),
  fields: z.object({ reference: z.string().optional(), note: z.string().optional() }).optional(),
  retryAfterSeconds: z.number().optional(),
});

export const DASHBOARD_API_ROUTES = [
  createRoute({
    method: "get",
    path: "/api/healthz",
    operationId: "health",
    summary: "Liveness: answers without the database or a session",
    security: [],
    responses: { 200: ok },
  }),
  createRoute({
    method: "post",
    path: "/api/healthz",
    operationId: "healthPost",
    summary: "Liveness over POST (the benchmark's empty-handler baseline)",
    security: [],
    responses: { 200: ok },
  }),
  createRoute({
    method: "get",
    path: "/api/openapi.json",
    operationId: "openApi",
    summary: "This document",
    security: [],
    responses: { 200: json("OpenAPI 3.1.", z.record(z.string(), z.unknown())) },
  }),
  createRoute({
    method: "get",
    path: "/api/overview",
    operationId: "overview",
    summary: "The overview page's live poll: orders per status and the latest callbacks",
    responses: {
      200: json(
        "Orders per status, and the latest callback deliveries.",
        z.object({
          counts: z.array(z.object({ status: z.string(), count: z.number().int() })),
          callbacks: z.array(
            z.object({
              id: z.string(),
              receivedAt: z.string().meta({ description: "ISO time." }),
              status: z.string().nullable(),
              verified: z.boolean(),
              outcome: z.string(),
              orderId: z.string().nullable(),
            }),
          ),
        }),
      ),
      ...signedIn,
    },
  }),
  createRoute({
    method: "get",
    path: "/api/insights",
    operationId: "insights",
    summary: "The Insights page's figures for a range (its live refresh): lib/insights/load-insights.ts",
    request: {
      query: z.object({
        range: z.enum(RANGE_PRESETS).optional().meta({ description: "Default 24h." }),
        from: z.string().optional().meta({ description: "YYYY-MM-DD, local to tz; range=custom only." }),
        to: z.string().optional().meta({ description: "YYYY-MM-DD, local to tz; range=custom only." }),
        by: z
          .enum(GRANULARITIES)
          .optional()
          .meta({ description: "Bucket size; chosen from the range if absent." }),
        tz: z.string().optional().meta({ description: "IANA time zone of the viewer; default UTC." }),
      }),
    },
    responses: {
      200: json(
        "The range as read, the series over time, and the summary (breakdowns, success rates, time to pay, pay-out failures by reason, the SBP bank-app funnel).",
        z.object({
          range: z.object({
            from: z.string(),
            to: z.string(),
            previousFrom: z.string(),
            by: z.enum(GRANULARITIES),
            tz: z.string(),
          }),
          series: z.array(z.record(z.string(), z.unknown())),
          summary: z.record(z.string(), z.unknown()),
        }),
      ),
      400: problem("A range field refused; each error names its field."),
      ...signedIn,
    },
  }),
  createRoute({
    method: "get",
    path: "/api/orders/status",
    operationId: "orderStatuses",
    summary: "The orders pages' live-status poll",
    request: { query: orderIds },
    responses: {
      200: json(
        "The orders' statuses (unknown ids are left out).",
        z.object({
          orders: z.array(z.object({ id: z.string(), status: z.string(), updatedAt: z.string() })),
        }),
      ),
      400: problem("`ids` missing, too many, or not order ids."),
      ...signedIn,
    },
  }),
  createRoute({
    method: "get",
    path: "/api/orders/events",
    operationId: "orderEvents",
    summary:
      "Server-Sent Events: a `status` event ({ id, status, updatedAt }) when one of these orders changes",
    request: { query: orderIds },
    responses: {
      200: eventStream("The event stream."),
      400: problem("`ids` missing, too many, or not order ids."),
      ...signedIn,
    },
  }),
  createRoute({
    method: "get",
    path: "/api/banks",
    operationId: "banks",
    summary:
      "The bank picker's data: the payment service's bank directory, fetched through the signed client",
    request: { query: banksQuerySchema },
    responses: {
      200: json("The banks of the country (cached privately for 5 minutes).", bankListSchema),
      400: problem("`country` is not an ISO 3166-1 alpha-2 code."),
      ...signedIn,
      502: problem("The payment service could not list the banks."),
    },
  }),
  createRoute({
    method: "get",
    path: "/api/pay/{token}",
    operationId: "payPageStatus",
    summary: "Public: a pay page's live status, by its customer token",
    security: [],
    request: { params: payToken },
    responses: {
      200: json(
        "The status, the deadline and the server's clock; nothing else.",
        z.object({
          status: z.string(),
          expiresAt: z.string().nullable(),
          serverNow: z.string(),
          case: publicCase.nullable().meta({ description: "The latest “I have paid” case: its state only." }),
        }),
      ),
      404: notFound,
    },
  }),
  createRoute({
    method: "post",
    path: "/api/pay/{token}/case",
    operationId: "payPageCase",
    summary: "Public: “I have paid” — the receipt's reference opens a case staff check",
    description:
      "Same-origin JSON of at most 2 KiB; attempts counted per token and per address. Refusals are codes the " +
      "page words in the customer's language; `fields` names each refused field.",
    security: [],
    request: {
      params: payToken,
      body: {
        required: true,
        content: {
          "application/json": {
            schema: z.object({ reference: z.string().max(128), note: z.string().max(300).optional() }),
          },
        },
      },
    },
    responses: {
      200: json("A case is open already: nothing changed.", caseAnswer),
      201: json("The case was opened.", caseAnswer),
      400: json("A field was refused.", caseRefusal),
      403: json("Another site's post.", caseRefusal),
      404: json("No pay page has this token.", caseRefusal),
      409: json("The order is paid or failed, its case was found, or it has too many reports.", caseRefusal),
      413: json("The body is too large.", caseRefusal),
      415: json("Not JSON.", caseRefusal),
      429: json("Too many attempts; see Retry-After.", caseRefusal),
    },
  }),
  createRoute({
    method: "post",
    path: "/api/pay/{token}/funnel",
    operationId: "payPageFunnel",
    summary: "Public: the bank-app chooser's funnel events (pay page shown with the chooser, app chosen)",
    description:
      "Sent by the pay page with fetch keepalive and no credentials; carries no personal data, reads and sets " +
      "no cookie. Same-origin JSON of at most 256 bytes; events counted per token (20 an hour) and per address " +
      "(300 an hour). Each order counts once per step; only NSPK QR pay pages (the chooser's) count.",
    security: [],
    request: {
      params: payToken,
      body: {
        required: true,
        content: { "application/json": { schema: z.object({ step: z.enum(["opened", "chosen"]) }) } },
      },
    },
    responses: {
      204: { description: "Recorded (or already recorded for this order)." },
      400: json("`step` is missing or not one of opened, chosen; `fields.step` says so.", funnelRefusal),
      403: json("Another site's post.", funnelRefusal),
      404: json("No pay page with the chooser has this token.", funnelRefusal),
      413: json("The body is too large.", funnelRefusal),
      415: json("Not JSON.", funnelRefusal),
      429: json("Too many events; see Retry-After.", funnelRefusal),
    },
  }),
  createRoute({
    method: "get",
    path: "/api/pay/{token}/events",
    operationId: "payPageEvents",
    summary: "Public: Server-Sent Events, a `status` event ({ status }) when the token's order changes",
    security: [],
    request: { params: payToken },
    responses: { 200: eventStream("The event stream."), 404: notFound },
  }),
  createRoute({
    method: "post",
    path: "/api/postback",
    operationId: "postback",
    summary: "The callback receiver: the payment service's status callbacks",
    description:
      "No session: the signature over the raw body is the authentication (X-Signature, or Standard Webhooks), " +
      "checked before anything is applied. Answers the same small body to every accepted delivery.",
    security: [],
    request: {
      headers: z.object({
        [CALLBACK_HEADERS.clientId]: z.string(),
        [CALLBACK_HEADERS.signature]: z.string().optional(),
        [CALLBACK_HEADERS.webhookId]: z.string().optional(),
        [CALLBACK_HEADERS.webhookTimestamp]: z.string().optional(),
        [CALLBACK_HEADERS.webhookSignature]: z.string().optional(),
      }),
      body: { required: true, content: { "application/json": { schema: callbackPayloadSchema } } },
    },
    responses: {
      200: json("Received.", z.object({ received: z.literal(true) })),
      400: problem("Not a valid callback payload; `errors` names the fields."),
      401: problem("The signature could not be verified."),
      413: problem("The body is too large."),
      429: problem("Too many failed verifications from this address; see Retry-After."),
    },
  }),
];

export function dashboardApiDocument(): Json {
  const paths = pathsFromRoutes(DASHBOARD_API_ROUTES);
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Payment dashboard: JSON routes",
      version: "1",
      description:
        "The dashboard's own HTTP routes (app/api): the live polls and event streams of its pages, the bank " +
        "picker, the pay page's status and the callback receiver. Errors are RFC 9457 problem details. " +
        "The payment service's API is a separate document (the sandbox's GET /openapi.json).",
    },
    security: [{ Session: [] }],
    paths,
    components: {
      schemas: componentsReferencedBy(paths),
      securitySchemes: {
        Session: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-dashboard_session",
          description: "The signed-in session (dashboard_session without HTTPS).",
        },
      },
    },
  };
}
