/** Shared pieces of the route definitions: the error responses, JSON request and response bodies. */
import type { z } from "zod";
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
    description:
      "Rate limited per client id, or too many failed sign-ins (wrong signatures or passwords) for this client id from this address, or from this address; retry after the given number of seconds.",
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

const ERROR_CODES = {
  BadRequest: "400",
  Unauthorized: "401",
  Forbidden: "403",
  NotFound: "404",
  Conflict: "409",
  PayloadTooLarge: "413",
  UnsupportedMediaType: "415",
  TooManyRequests: "429",
  InternalError: "500",
} as const;

type ErrorName = keyof typeof ERROR_CODES;
/** A route that authenticates may also throttle failed attempts: Unauthorized brings TooManyRequests. */
type WithThrottle<N extends ErrorName> = N | ("Unauthorized" extends N ? "TooManyRequests" : never);

/** References to the shared error responses, keyed by their status codes. */
export const errorRefs = <N extends ErrorName>(...names: N[]) =>
  Object.fromEntries(
    [...new Set<ErrorName>(names.includes("Unauthorized" as N) ? [...names, "TooManyRequests"] : names)].map(
      (n) => [ERROR_CODES[n], { $ref: `#/components/responses/${n}` }],
    ),
  ) as {
    [K in WithThrottle<N> as (typeof ERROR_CODES)[K]]: { $ref: string };
  };

const namedExamples = (examples: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }]));

/** A required JSON request body, with named examples. */
export const jsonBody = <S extends z.ZodType>(schema: S, examples?: Record<string, unknown>) => ({
  required: true,
  content: {
    "application/json": { schema, ...(examples ? { examples: namedExamples(examples) } : {}) },
  },
});

/** A JSON answer, with named examples. */
export const ok = <S extends z.ZodType>(
  description: string,
  schema: S,
  examples?: Record<string, unknown>,
) => ({
  description,
  content: {
    "application/json": { schema, ...(examples ? { examples: namedExamples(examples) } : {}) },
  },
});
