/**
 * `create … --set <path>=<value>`: each value read by the type the contract gives that field (the request's zod
 * schema, as JSON Schema). A text field — a card number, a phone, an id, a name — takes the value as text, even
 * all digits (`payoutDetails.ccNo=4000000000000002` read as JSON was a number the sandbox refused); a number or
 * true/false field takes it as JSON where it parses, else as text (for the sandbox to refuse by name). A path the
 * contract does not have does the same. `<path>:=<JSON>` sends exactly the JSON given (a wrong type on purpose,
 * null, an object).
 */
import { z } from "zod";
import { payinRequestSchema, payoutRequestSchema } from "../../contract";
import { deepMerge } from "../../contract/samples";
import { UsageError } from "./usage-error";

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
}

const requestSchemas = { payin: payinRequestSchema, payout: payoutRequestSchema };
const jsonSchemas = new Map<keyof typeof requestSchemas, JsonSchema>();

function requestJsonSchema(direction: keyof typeof requestSchemas): JsonSchema {
  let schema = jsonSchemas.get(direction);
  if (!schema) {
    schema = z.toJSONSchema(requestSchemas[direction], { io: "input", unrepresentable: "any" }) as JsonSchema;
    jsonSchemas.set(direction, schema);
  }
  return schema;
}

/** Whether the field accepts text only (every alternative of it a string). */
function isText(schema: JsonSchema): boolean {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.length > 0 && alternatives.every(isText);
  if (schema.enum) return schema.enum.every((v) => typeof v === "string");
  return schema.type === "string";
}

/** The contract's field at `path` of the request, if it has one. */
function fieldAt(schema: JsonSchema, path: readonly string[]): JsonSchema | undefined {
  let at: JsonSchema | undefined = schema;
  for (const key of path) at = at?.properties?.[key];
  return at;
}

/** Reads one `--set`: its path and the value to put there. */
export function readSet(direction: "payin" | "payout", set: string): { path: string[]; value: unknown } {
  const eq = set.indexOf("=");
  const raw = eq > 0 && set[eq - 1] === ":";
  const pathText = set.slice(0, raw ? eq - 1 : eq);
  if (eq <= 0 || pathText === "") throw new UsageError(`--set wants <path>=<value>, got "${set}"`);
  const path = pathText.split(".");
  if (path.some((p) => p === "")) throw new UsageError(`--set: bad path "${pathText}"`);
  const text = set.slice(eq + 1);
  if (raw) {
    try {
      return { path, value: JSON.parse(text) };
    } catch {
      throw new UsageError(`--set ${pathText}:= wants JSON, got ${JSON.stringify(text)}`);
    }
  }
  const field = fieldAt(requestJsonSchema(direction), path);
  if (field && isText(field)) return { path, value: text };
  try {
    return { path, value: JSON.parse(text) };
  } catch {
    return { path, value: text };
  }
}

/** The request with every `--set` applied in order (each deep-merged into it). */
export function applySets<T>(direction: "payin" | "payout", base: T, sets: readonly string[]): T {
  let out = base;
  for (const set of sets) {
    const { path, value } = readSet(direction, set);
    out = deepMerge(
      out,
      path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value),
    );
  }
  return out;
}
