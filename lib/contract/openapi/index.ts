/**
 * The OpenAPI 3.1 document of the payment service, generated from the contract's zod schemas (served by
 * the sandbox at GET /openapi.json). JSON Schema 2020-12 is OpenAPI 3.1's schema dialect, so zod's output
 * is used as is. What a schema says beyond its shape (descriptions, examples, and the keywords for what its
 * refinements check: Luhn, CPF/CNPJ, the country list, two decimals, the per-method pay-out rules) is its own
 * `.meta()` in lib/contract; this folder names the components (components.ts) and lists the operations, one
 * file per group of paths.
 */
import { apiPaths } from "./api-paths";
import { componentSchemas, type Json } from "./components";
import { ERROR_RESPONSES } from "./responses";
import { sandboxPaths } from "./sandbox-paths";
import { webhooks } from "./webhooks";

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
    paths: { ...apiPaths, ...sandboxPaths },
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
      },
    },
    tags: [
      { name: "sandbox", description: "QA test controls of the sandbox; absent from the real service." },
    ],
  };
}
