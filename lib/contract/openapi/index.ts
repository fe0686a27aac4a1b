/**
 * The OpenAPI 3.1 document of the payment service, generated from the contract's zod schemas (served by
 * the sandbox at GET /openapi.json). JSON Schema 2020-12 is OpenAPI 3.1's schema dialect, so zod's output
 * is used as is. What a schema says beyond its shape (descriptions, examples, and the keywords for what its
 * refinements check: Luhn, CPF/CNPJ, the country list, two decimals, the per-method pay-out rules) is its own
 * `.meta()` in lib/contract; this folder names the components (components.ts) and defines the routes with
 * `createRoute` (api-routes.ts, sandbox-routes.ts, sandbox-pages.ts): the sandbox serves exactly these
 * (lib/sandbox/app.ts, held to them by lib/sandbox/routes.test.ts) and the paths are generated from them.
 */
import type { RouteConfig } from "@hono/zod-openapi";
import { API_ROUTES } from "./api-routes";
import { componentSchemas, type Json } from "./components";
import { pathsFromRoutes } from "./paths";
import { ERROR_RESPONSES } from "./responses";
import { SANDBOX_PAGE_ROUTES } from "./sandbox-pages";
import { SANDBOX_CONTROL_ROUTES } from "./sandbox-routes";
import { webhooks } from "./webhooks";

export * from "./api-routes";
export { componentsReferencedBy, type Json } from "./components";
export { pathsFromRoutes } from "./paths";
export * from "./sandbox-pages";
export * from "./sandbox-routes";

/** Every route the sandbox serves: the service's API, its test controls, its health check, document and page. */
export const SANDBOX_ROUTES: readonly RouteConfig[] = [
  ...API_ROUTES,
  ...SANDBOX_CONTROL_ROUTES,
  ...SANDBOX_PAGE_ROUTES,
];

export interface OpenApiOptions {
  /** The server URL to list (the sandbox passes its own origin). */
  serverUrl?: string;
}

export function buildOpenApiDocument(options: OpenApiOptions = {}): Json {
  const schemas = componentSchemas();
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Payment Order Service",
      version: "v1",
      description:
        "Pay-in and pay-out orders and the bank directory (spec: payment-order-service.md), with the decisions " +
        "of docs/architecture.md where the spec is silent. Generated from lib/contract. Every request is signed: see the " +
        "security schemes. Errors are RFC 9457 problem details (application/problem+json). The /sandbox/* " +
        "paths exist only in the sandbox.",
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    security: [{ ClientId: [], Signature: [] }],
    paths: pathsFromRoutes(SANDBOX_ROUTES),
    webhooks,
    components: {
      schemas,
      responses: ERROR_RESPONSES,
      securitySchemes: {
        ClientId: {
          type: "apiKey",
          in: "header",
          name: "X-Client-Id",
          description: "Identifier of the calling merchant account.",
        },
        Signature: {
          type: "apiKey",
          in: "header",
          name: "X-Signature",
          description:
            "Scheme hmac-sha256-hex: lowercase hex HMAC-SHA256 keyed with the merchant's secret, over the exact raw " +
            "request body bytes for POST, and over the request path with its query string as sent for GET " +
            "(e.g. /api/v1/bank/available?country=RU). Example: " +
            '`printf \'%s\' "$BODY" | openssl dgst -sha256 -hmac "$SECRET"`.',
        },
        OperatorBasic: {
          type: "http",
          scheme: "basic",
          description: "The operator page (sandbox only): the account's client id and secret.",
        },
        MetricsBearer: {
          type: "http",
          scheme: "bearer",
          description: "GET /metrics (sandbox only): the value of `METRICS_TOKEN`.",
        },
      },
    },
    tags: [
      { name: "sandbox", description: "QA test controls of the sandbox; absent from the real service." },
    ],
  };
}
