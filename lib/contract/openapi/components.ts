/** The named component schemas of the OpenAPI document, generated from the contract's zod schemas. */
import { z } from "zod";
import { bankListSchema, bankSchema } from "../bank";
import { callbackPayloadSchema } from "../callback";
import * as f from "../fields";
import { bankDetailsSchemas, payinRequestSchema, payinResponseSchema } from "../payin";
import { payoutRequestSchema, payoutResponseSchema } from "../payout";
import { fieldErrorSchema, problemSchema } from "../problem";
import { sandboxChaosSchema } from "../sandbox-chaos";
import {
  sandboxRunClearedSchema,
  sandboxRunListSchema,
  sandboxRunSchema,
  sandboxRunStartSchema,
} from "../sandbox-runs";
import {
  sandboxClockAdvanceSchema,
  sandboxClockSchema,
  sandboxOrderSchema,
  sandboxRequestLogSchema,
  sandboxResendSchema,
  sandboxStatusChangeSchema,
} from "../sandbox-controls";

export type Json = Record<string, unknown>;

const SCHEMA_REF = "#/components/schemas/";

export const ref = (id: string) => ({ $ref: `${SCHEMA_REF}${id}` });

/**
 * The named component schemas. Everything else a schema says (descriptions, examples, the keywords its
 * refinements check: the country list, two decimals, the per-method pay-out rules) is its own `.meta()`.
 */
const COMPONENTS: [id: string, schema: z.ZodType][] = [
  ["CountryCode", f.countryCode],
  ["PayinRequest", payinRequestSchema],
  ["PayinResponse", payinResponseSchema],
  ["CardBankDetails", bankDetailsSchemas.card],
  ["PhoneBankDetails", bankDetailsSchemas.phone],
  ["NspkQrBankDetails", bankDetailsSchemas.nspkQr],
  ["PixQrBankDetails", bankDetailsSchemas.pixQr],
  ["PayoutRequest", payoutRequestSchema],
  ["PayoutResponse", payoutResponseSchema],
  ["Bank", bankSchema],
  ["BankList", bankListSchema],
  ["CallbackPayload", callbackPayloadSchema],
  ["FieldError", fieldErrorSchema],
  ["Problem", problemSchema],
  ["SandboxStatusChange", sandboxStatusChangeSchema],
  ["SandboxResend", sandboxResendSchema],
  ["SandboxRequestLog", sandboxRequestLogSchema],
  ["SandboxOrder", sandboxOrderSchema],
  ["SandboxClockAdvance", sandboxClockAdvanceSchema],
  ["SandboxChaos", sandboxChaosSchema],
  ["SandboxRunStart", sandboxRunStartSchema],
  ["SandboxRun", sandboxRunSchema],
  ["SandboxRunList", sandboxRunListSchema],
  ["SandboxRunCleared", sandboxRunClearedSchema],
  ["SandboxClock", sandboxClockSchema],
];

const IDS = new Map<z.ZodType, string>(COMPONENTS.map(([id, schema]) => [schema, id]));

/** The component name of this very schema (a route's body or answer), if it is one. */
export const componentIdOf = (schema: z.ZodType): string | undefined => IDS.get(schema);

export function componentSchemas(): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of COMPONENTS) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
    uri: (id) => `#/components/schemas/${id}`,
  });
  const out: Record<string, Json> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as Json;
    out[id] = rest;
  }
  return out;
}

/** The component schemas these parts of a document refer to, with those they refer to in turn. */
export function componentsReferencedBy(...parts: unknown[]): Record<string, Json> {
  const all = componentSchemas();
  const out: Record<string, Json> = {};
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      for (const [key, v] of Object.entries(value)) {
        const id = key === "$ref" && typeof v === "string" ? v.replace(SCHEMA_REF, "") : undefined;
        if (id === undefined) visit(v);
        else if (!(id in out) && all[id]) {
          out[id] = all[id];
          visit(all[id]);
        }
      }
    }
  };
  parts.forEach(visit);
  return out;
}
