/**
 * The OpenAPI 3.1 document of the payment service, generated from the contract's zod schemas (served by
 * the sandbox at GET /openapi.json). JSON Schema 2020-12 is OpenAPI 3.1's schema dialect, so zod's
 * output is used as is; what zod cannot express (refinements: Luhn, CPF/CNPJ check digits, the country
 * list, two decimals, the per-method pay-out rules) is added below as keywords and descriptions.
 */
import { z } from "zod";
import { bankListSchema, bankSchema } from "./bank";
import { CALLBACK_HEADERS, callbackPayloadSchema } from "./callback";
import { COUNTRY_CODES } from "./countries";
import * as f from "./fields";
import {
  PAYIN_METHOD_INFO,
  PAYIN_METHODS,
  PAYOUT_DETAIL_LABELS,
  PAYOUT_METHOD_INFO,
  PAYOUT_METHODS,
  TRAFFIC_TYPES,
} from "./methods";
import { MAX_AMOUNT } from "./money";
import { bankDetailsSchemas, payinRequestSchema, payinResponseSchema } from "./payin";
import { payoutRequestSchema, payoutResponseSchema } from "./payout";
import { fieldErrorSchema, PROBLEM_CONTENT_TYPE, problemSchema } from "./problem";
import { samplePayinRequest, samplePayinResponse, samplePayoutRequest } from "./samples";
import { sandboxStatusChangeSchema } from "./sandbox-controls";
import { FINAL_STATUSES, IN_PROGRESS } from "./status";

type Json = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

/** The named component schemas, each generated from its zod schema. */
const COMPONENTS: [id: string, schema: z.ZodType, description: string][] = [
  [
    "CountryCode",
    f.countryCode,
    "ISO 3166-1 alpha-2 country code, officially assigned, upper case (e.g. RU, BR, KZ).",
  ],
  ["PayinRequest", payinRequestSchema, payinDescription()],
  ["PayinResponse", payinResponseSchema, payinResponseDescription()],
  [
    "CardBankDetails",
    bankDetailsSchemas.card,
    "bankDetails of Card and CrossBorderCard: the card to pay to.",
  ],
  [
    "PhoneBankDetails",
    bankDetailsSchemas.phone,
    "bankDetails of SBP and CrossBorderSBP: the phone to pay to.",
  ],
  [
    "NspkQrBankDetails",
    bankDetailsSchemas.nspkQr,
    "bankDetails of QRNSPK and QRNSPKCrossBorder. `qr` carries `url` (a link to the QR), `code` (to " +
      "generate a QR image from), or both — at least one; the payer uses the link when present, else the code.",
  ],
  [
    "PixQrBankDetails",
    bankDetailsSchemas.pixQr,
    "bankDetails of PIX: `qr.code` is the Pix BR Code (copia e cola).",
  ],
  ["PayoutRequest", payoutRequestSchema, payoutDescription()],
  ["PayoutResponse", payoutResponseSchema, "The created pay-out order."],
  ["Bank", bankSchema, "A bank record; `id` is usable as `bankId`, `nspk` is its fast-payment system code."],
  ["BankList", bankListSchema, "The banks of one country; `[]` for a well-formed country with none."],
  ["CallbackPayload", callbackPayloadSchema, callbackDescription()],
  [
    "FieldError",
    fieldErrorSchema,
    "One failing field: its dotted path (e.g. payoutDetails.ccNo) and what it must be.",
  ],
  ["Problem", problemSchema, "RFC 9457 problem details; `errors` names every failing field of a 400."],
  [
    "SandboxStatusChange",
    sandboxStatusChangeSchema,
    "Sandbox test control: the final status to move an order to.",
  ],
];

/** Keywords and descriptions for what zod's refinements check but JSON Schema output leaves out. */
const ENRICH = new Map<object, Json>([
  [f.countryCode, { enum: [...COUNTRY_CODES].sort(), pattern: "^[A-Z]{2}$" }],
  [
    f.amount,
    {
      multipleOf: 0.01,
      description: `Greater than 0, at most two decimals, at most ${MAX_AMOUNT}. The currency follows the country.`,
      examples: [1500, 100.5],
    },
  ],
  [f.uuidV4, { description: "A UUID version 4." }],
  [f.cardNumber, { description: "13 to 19 digits, no spaces, Luhn-valid." }],
  [f.expiryMonth, { description: "Two digits, 01 to 12." }],
  [
    f.expiryYear,
    {
      description:
        "Two digits (20YY). With the month, not in the past: a card is valid through its month's last day.",
    },
  ],
  [
    f.tin,
    {
      description:
        "Brazilian taxpayer number with valid check digits: a CPF (11 digits) or a CNPJ (14 characters; since " +
        "2026 the first 12 may be capital letters). Punctuation (. - /) is allowed.",
      pattern:
        "^(\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}|[0-9A-Za-z]{2}\\.?[0-9A-Za-z]{3}\\.?[0-9A-Za-z]{3}/?[0-9A-Za-z]{4}-?\\d{2})$",
    },
  ],
  [f.evp, { description: "Pix random key (EVP): a UUID." }],
  [f.phone, { description: "International format, digits only, optional leading +, 8 to 15 digits." }],
  [f.sbpPhone, { description: "The phone bound to the SBP account: +7 and 10 digits." }],
  [f.postbackUrl, { description: "http(s) URL the service POSTs callbacks to (see webhooks). Optional." }],
  [f.bankId, { description: "A bank id from GET /api/v1/bank/available." }],
]);

/** Field meanings from the spec (2.1, 2.3), by dotted path inside the requests. */
const FIELD_DESCRIPTIONS: Record<string, string> = {
  paymentId:
    "Unique id of the order in the merchant's system (UUID v4). Reusing it with the same body returns the same order; with another body, 409.",
  client: "The merchant's client.",
  "client.id": "Unique id of the client in the merchant's system (UUID v4).",
  "client.ip": "IP address of the client (IPv4 or IPv6).",
  "client.email": "Email of the client.",
  "client.phone": "Phone number of the client.",
  "client.firstName": "First name of the client.",
  "client.lastName": "Last name of the client.",
  "client.tin": "Brazilian taxpayer number (CPF or CNPJ) of the client; required for every PIX_OUT_* method.",
  country: "Country code, ISO 3166-1 alpha-2.",
  paymentMethod: "Payment method name.",
  trafficType: `One of ${TRAFFIC_TYPES.join(", ")}.`,
  addRandomCents:
    "When true, the service adds a random 0.01–0.99 to the amount and returns the final `amount`.",
  payoutDetails:
    "The recipient's details; which fields are required depends on paymentMethod (see the request's description).",
  "payoutDetails.ccNo": "Card number.",
  "payoutDetails.ccHolderName": "Card holder name.",
  "payoutDetails.ccExpirationMonth": "Card expiration month, two digits.",
  "payoutDetails.ccExpirationYear": "Card expiration year, two digits.",
  "payoutDetails.phoneNumber": "Phone number bound to the fast-payment (SBP) account.",
  "payoutDetails.payeeName": "Receiver's name for SBP.",
  "payoutDetails.bankAccountNo": "Bank account number.",
  "payoutDetails.evp": "Random payment key issued by the bank, used by PIX_OUT_EVP.",
};

function payinDescription(): string {
  const rows = PAYIN_METHODS.map((m) => {
    const info = PAYIN_METHOD_INFO[m];
    return `| ${m} | ${info.label} | ${info.bankDetails} | ${info.usesBankId ? "yes" : "no"} | ${info.countries?.join(", ") ?? "any"} |`;
  });
  return [
    "Pay-in order request (spec 2.1). `postbackUrl` is optional (the spec's samples omit it).",
    "",
    "| paymentMethod | label | bankDetails in the response | bankId selects the bank | country |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

function payinResponseDescription(): string {
  return [
    `The created pay-in order: status \`${IN_PROGRESS}\`, the deadline \`expiresAt\` (UTC), the final \`amount\``,
    "(an extension field: it differs from the request when random cents were added) and `bankDetails`, whose",
    "shape is fixed by the request's paymentMethod:",
    "",
    "| paymentMethod | bankDetails |",
    "|---|---|",
    "| Card, CrossBorderCard | CardBankDetails |",
    "| SBP, CrossBorderSBP | PhoneBankDetails |",
    "| QRNSPK, QRNSPKCrossBorder | NspkQrBankDetails |",
    "| PIX | PixQrBankDetails |",
  ].join("\n");
}

function payoutDescription(): string {
  const rows = PAYOUT_METHODS.map((m) => {
    const info = PAYOUT_METHOD_INFO[m];
    const required = [
      ...info.requiredDetails.map((d) => `payoutDetails.${d}`),
      ...(info.requiresTin ? ["client.tin"] : []),
      ...(info.requiresClientPhone ? ["client.phone"] : []),
    ];
    const optional = info.optionalDetails.map((d) => `payoutDetails.${d}`);
    return `| ${m} | ${required.join(", ") || "—"} | ${optional.join(", ") || "—"} | ${info.usesBankId ? "accepted" : "refused"} | ${info.countries?.join(", ") ?? "any"} | ${info.pixKey ?? "—"} |`;
  });
  return [
    "Pay-out order request (spec 2.3). Per-method rules (also expressed as the if/then clauses of `allOf`):",
    "",
    "| paymentMethod | also required | optional | bankId | country | Pix key |",
    "|---|---|---|---|---|---|",
    ...rows,
    "",
    "SBP's payeeName is required in substance but accepted as optional for compatibility. A card must not",
    "have expired (MM/YY is valid through that month). A PIX_OUT_PHONE key is a Brazilian number (+55, a",
    "two-digit area code, 8 or 9 digits); a PIX_OUT_EMAIL key an address of at most 77 characters. Every",
    "failing field is named in the 400's `errors`.",
  ].join("\n");
}

function callbackDescription(): string {
  return [
    "Sent on every status change to the order's postbackUrl. Statuses: " +
      `\`${IN_PROGRESS}\`, then one final of ${FINAL_STATUSES.map((s) => `\`${s}\``).join(", ")}` +
      " (Expired: pay-ins only); receivers show any other status string as-is.",
  ].join("\n");
}

/** JSON Schema if/then clauses for the pay-out per-method rules, from PAYOUT_METHOD_INFO. */
function payoutRuleClauses(): Json[] {
  return PAYOUT_METHODS.map((method) => {
    const info = PAYOUT_METHOD_INFO[method];
    const then: Json = {};
    const required: string[] = [];
    const properties: Json = {};
    if (info.requiredDetails.length > 0) {
      required.push("payoutDetails");
      properties.payoutDetails = { required: [...info.requiredDetails] };
    }
    const clientRequired = [
      ...(info.requiresTin ? ["tin"] : []),
      ...(info.requiresClientPhone ? ["phone"] : []),
    ];
    if (clientRequired.length > 0) properties.client = { required: clientRequired };
    if (required.length > 0) then.required = required;
    if (Object.keys(properties).length > 0) then.properties = properties;
    if (!info.usesBankId) then.not = { required: ["bankId"] };
    return {
      if: { properties: { paymentMethod: { const: method } }, required: ["paymentMethod"] },
      then,
      description: `${method}: ${
        info.requiredDetails.map((d) => PAYOUT_DETAIL_LABELS[d]).join(", ") || "no payoutDetails"
      }${info.requiresTin ? "; client.tin" : ""}${info.requiresClientPhone ? "; client.phone" : ""}${
        info.usesBankId ? "; bankId accepted" : "; no bankId"
      }`,
    };
  });
}

function isJson(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets descriptions on the properties of an object schema (and nested ones) from FIELD_DESCRIPTIONS. */
function describeProperties(schema: Json, prefix = ""): void {
  const properties = schema.properties;
  if (!isJson(properties)) return;
  for (const [name, property] of Object.entries(properties)) {
    if (!isJson(property)) continue;
    const path = prefix + name;
    const description = FIELD_DESCRIPTIONS[path];
    if (description !== undefined) {
      // A $ref's siblings are allowed in 3.1; keep any format description zod produced after the meaning.
      property.description =
        typeof property.description === "string" ? `${description} ${property.description}` : description;
    }
    describeProperties(property, `${path}.`);
  }
}

function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of COMPONENTS) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
    override: ({ zodSchema, jsonSchema }) => {
      const extra = ENRICH.get(zodSchema);
      if (extra) Object.assign(jsonSchema, extra);
    },
  });
  const descriptions = new Map(COMPONENTS.map(([id, , description]) => [id, description]));
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
    out[id] = { description: descriptions.get(id), ...rest };
  }
  const payout = out.PayoutRequest;
  if (payout) {
    payout.allOf = payoutRuleClauses();
    describeProperties(payout);
  }
  if (out.PayinRequest) describeProperties(out.PayinRequest);
  // The refinement "url and/or code" of the NSPK QR.
  const nspkQr = out.NspkQrBankDetails?.properties;
  if (isJson(nspkQr) && isJson(nspkQr.qr)) {
    nspkQr.qr.anyOf = [{ required: ["url"] }, { required: ["code"] }];
  }
  const bankDetails = out.PayinResponse?.properties;
  if (isJson(bankDetails) && isJson(bankDetails.bankDetails)) {
    bankDetails.bankDetails.description = "Shaped by the request's paymentMethod (see PayinResponse).";
  }
  return out;
}

const problemContent = { [PROBLEM_CONTENT_TYPE]: { schema: ref("Problem") } };

const ERROR_RESPONSES: Record<string, Json> = {
  BadRequest: {
    description: "Malformed JSON or invalid input; `errors` names every failing field with what it must be.",
    content: problemContent,
  },
  Unauthorized: {
    description: "Missing or unknown X-Client-Id, or an X-Signature that does not match the request.",
    content: problemContent,
  },
  NotFound: { description: "No such resource for this client id.", content: problemContent },
  Conflict: { description: "The paymentId was used before with a different body.", content: problemContent },
  PayloadTooLarge: { description: "The request body is too large.", content: problemContent },
  UnsupportedMediaType: { description: "Content-Type must be application/json.", content: problemContent },
  TooManyRequests: {
    description: "Rate limited per client id; retry after the given number of seconds.",
    headers: {
      "Retry-After": {
        description: "Seconds to wait before retrying.",
        schema: { type: "integer", minimum: 1 },
      },
    },
    content: problemContent,
  },
  InternalError: {
    description: "A fault of the service; retry with the same paymentId.",
    content: problemContent,
  },
};

const errorRefs = (...names: (keyof typeof ERROR_RESPONSES & string)[]) => {
  const codes: Record<string, string> = {
    BadRequest: "400",
    Unauthorized: "401",
    NotFound: "404",
    Conflict: "409",
    PayloadTooLarge: "413",
    UnsupportedMediaType: "415",
    TooManyRequests: "429",
    InternalError: "500",
  };
  return Object.fromEntries(names.map((n) => [codes[n], { $ref: `#/components/responses/${n}` }]));
};

function jsonBody(schemaId: string, examples?: Record<string, unknown>): Json {
  return {
    required: true,
    content: {
      "application/json": {
        schema: ref(schemaId),
        ...(examples
          ? { examples: Object.fromEntries(Object.entries(examples).map(([k, value]) => [k, { value }])) }
          : {}),
      },
    },
  };
}

const ok = (description: string, schemaId: string, examples?: Record<string, unknown>): Json => ({
  description,
  content: {
    "application/json": {
      schema: ref(schemaId),
      ...(examples
        ? { examples: Object.fromEntries(Object.entries(examples).map(([k, value]) => [k, { value }])) }
        : {}),
    },
  },
});

const orderIdParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The order's id in the service (the `id` of the create response).",
  schema: { type: "string", format: "uuid" },
};

const sandboxOrderSchema: Json = {
  type: "object",
  description: "A sandbox order as stored, with the callbacks it fired and every delivery attempt (for QA).",
  properties: {
    id: { type: "string", format: "uuid" },
    paymentId: { type: "string" },
    type: { enum: ["payin", "payout"] },
    status: { type: "string" },
    paymentMethod: { type: "string" },
    country: { type: "string" },
    amount: { type: "number" },
    expiresAt: { type: ["string", "null"], format: "date-time" },
    callbacks: { type: "array", items: { type: "object" } },
  },
  required: ["id", "paymentId", "type", "status"],
};

export interface OpenApiOptions {
  /** The server URL to list (the sandbox passes its own origin). */
  serverUrl?: string;
}

export function buildOpenApiDocument(options: OpenApiOptions = {}): Json {
  const schemas = { ...componentSchemas(), SandboxOrder: sandboxOrderSchema };
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Payment Order Service",
      version: "v1",
      description:
        "Pay-in and pay-out orders and the bank directory (spec: payment-order-service.md), with the decisions " +
        "of DESIGN §4 where the spec is silent. Generated from lib/contract. Every request is signed: see the " +
        "security schemes. Errors are RFC 9457 problem details (application/problem+json). The /sandbox/* " +
        "paths exist only in the sandbox.",
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    security: [{ ClientId: [], Signature: [] }],
    paths: {
      "/api/v1/payin/create": {
        post: {
          operationId: "createPayin",
          summary: "Create a pay-in order",
          description: "Returns the payment details the client pays to. Idempotent on paymentId.",
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
    },
    webhooks: {
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
          requestBody: jsonBody("CallbackPayload"),
          responses: { "2XX": { description: "Received; no body is needed." } },
        },
      },
    },
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
