/** Shared pieces of the operations: the error responses, request and response bodies, the order id. */
import { PROBLEM_CONTENT_TYPE } from "../problem";
import { type Json, ref } from "./components";

const problemContent = { [PROBLEM_CONTENT_TYPE]: { schema: ref("Problem") } };

export const ERROR_RESPONSES: Record<string, Json> = {
  BadRequest: {
    description: "Malformed JSON or invalid input; `errors` names every failing field with what it must be.",
    content: problemContent,
  },
  Unauthorized: {
    description: "Missing or unknown X-Client-Id, or an X-Signature that does not match the request.",
    content: problemContent,
  },
  Forbidden: {
    description: "Not for this account (e.g. a QA run may not start runs).",
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

export const errorRefs = (...names: (keyof typeof ERROR_RESPONSES & string)[]) => {
  const codes: Record<string, string> = {
    BadRequest: "400",
    Unauthorized: "401",
    Forbidden: "403",
    NotFound: "404",
    Conflict: "409",
    PayloadTooLarge: "413",
    UnsupportedMediaType: "415",
    TooManyRequests: "429",
    InternalError: "500",
  };
  return Object.fromEntries(names.map((n) => [codes[n], { $ref: `#/components/responses/${n}` }]));
};

export function jsonBody(schemaId: string, examples?: Record<string, unknown>): Json {
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

export const ok = (description: string, schemaId: string, examples?: Record<string, unknown>): Json => ({
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

export const orderIdParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The order's id in the service (the `id` of the create response).",
  schema: { type: "string", format: "uuid" },
};
