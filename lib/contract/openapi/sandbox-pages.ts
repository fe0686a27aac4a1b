/**
 * What else the sandbox serves: its health check, this document, and the operator page (HTML, HTTP Basic
 * auth) with its two form posts. Their bodies are forms or HTML, documented with plain JSON Schema: only the
 * JSON APIs' bodies are zod schemas (which is also what keeps a route validator off these pages).
 */
import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { PROBLEM_CONTENT_TYPE } from "../problem";
import { ref } from "./components";

const sandbox = { tags: ["sandbox"] };
const problem = (description: string) => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: ref("Problem") } },
});
const html = (description: string) => ({
  description,
  content: { "text/html": { schema: { type: "string" as const } } },
});
const signIn = {
  security: [{ OperatorBasic: [] }],
};
const orderId = z.string().meta({ description: "The order's id in the service.", format: "uuid" });
const signInAnswers = {
  401: { description: "Sign in (HTTP Basic: client id and secret)." },
  429: problem(
    "Too many wrong passwords for this client id from this address, or from this address: wait Retry-After seconds.",
  ),
};
const formPostAnswers = {
  303: { description: "Done: back to GET /sandbox." },
  ...signInAnswers,
  403: problem("A form posted from another origin."),
  404: problem("No such order for this account."),
  413: problem("The form is too large."),
};

export const healthRoute = createRoute({
  ...sandbox,
  method: "get",
  path: "/healthz",
  operationId: "sandboxHealth",
  summary: "Sandbox only: ready",
  security: [],
  responses: {
    200: {
      description: "The sandbox is up.",
      content: { "application/json": { schema: z.object({ ok: z.literal(true) }) } },
    },
  },
});

export const openApiRoute = createRoute({
  ...sandbox,
  method: "get",
  path: "/openapi.json",
  operationId: "sandboxOpenApi",
  summary: "This document",
  description:
    "Generated from the route definitions in lib/contract/openapi, listing the sandbox as its server.",
  security: [],
  responses: {
    200: {
      description: "OpenAPI 3.1.",
      content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
    },
  },
});

export const operatorPageRoute = createRoute({
  ...sandbox,
  ...signIn,
  method: "get",
  path: "/sandbox",
  operationId: "sandboxOperatorPage",
  summary: "Sandbox only: the operator page",
  description:
    "The account's 50 most recent orders with buttons that move them, and its 20 most recent requests; a " +
    "configured account's page lists its QA runs. HTTP Basic auth with the account's client id and secret " +
    "(browsers ask for it). `?account=<client id>` (a run's, say) asks for that account's credentials: " +
    "another account's are answered 401 with a realm naming it; the page's forms and redirects keep it.",
  responses: {
    200: html("The page."),
    ...signInAnswers,
  },
});

export const operatorMoveRoute = createRoute({
  ...sandbox,
  ...signIn,
  method: "post",
  path: "/sandbox/ui/orders/{id}/status",
  operationId: "sandboxOperatorMove",
  summary: "Sandbox only: the operator page's status buttons",
  description: "Accepted from the operator page's own origin only.",
  request: {
    params: z.object({ id: orderId }),
    body: {
      required: true,
      content: {
        "application/x-www-form-urlencoded": {
          schema: {
            type: "object",
            properties: { status: { enum: ["Success", "Failed", "Expired"] } },
            required: ["status"],
          },
        },
      },
    },
  },
  responses: { ...formPostAnswers, 400: problem("Not a final status this order can move to.") },
});

export const operatorResendRoute = createRoute({
  ...sandbox,
  ...signIn,
  method: "post",
  path: "/sandbox/ui/orders/{id}/callbacks/resend",
  operationId: "sandboxOperatorResend",
  summary: 'Sandbox only: the operator page\'s "Send callback again" button',
  description:
    "Sends the order's latest callback once more. Accepted from the operator page's own origin only.",
  request: { params: z.object({ id: orderId }) },
  responses: { ...formPostAnswers, 409: problem("Its callback is being delivered right now.") },
});

export const metricsRoute = createRoute({
  ...sandbox,
  method: "get",
  path: "/metrics",
  operationId: "sandboxMetrics",
  summary: "Sandbox only: Prometheus metrics",
  description:
    "The process's metrics in Prometheus text format (docs/operations.md, Metrics). Only when `METRICS_TOKEN` is set, and only with `Authorization: Bearer <METRICS_TOKEN>`.",
  security: [{ MetricsBearer: [] }],
  responses: {
    200: {
      description: "Prometheus text exposition format 0.0.4.",
      content: { "text/plain": { schema: { type: "string" as const } } },
    },
    401: { description: "No token, or not the token (`WWW-Authenticate: Bearer`)." },
    404: { description: "`METRICS_TOKEN` is not set: there are no metrics to read." },
  },
});

export const SANDBOX_PAGE_ROUTES = [
  healthRoute,
  openApiRoute,
  metricsRoute,
  operatorPageRoute,
  operatorMoveRoute,
  operatorResendRoute,
] as const;
