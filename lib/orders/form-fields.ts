/**
 * A form's field names, read off the zod object schema of its raw values: every leaf's dotted path
 * ("client.email", "payoutDetails.ccNo"), in the schema's order. Kept with the schemas, never by hand, so a
 * field added to a form is also a field that server-side errors can be placed on. Pure: used by the forms
 * and by submit.
 */
import { z } from "zod";

/** The leaf paths of `schema` (optional objects looked into), minus `omit` (e.g. hidden inputs). */
export function formFieldPaths(schema: z.ZodObject, omit: readonly string[] = []): readonly string[] {
  const skip = new Set(omit);
  return leafPaths(schema, "").filter((path) => !skip.has(path));
}

function leafPaths(schema: z.ZodType, prefix: string): string[] {
  const inner = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  if (!(inner instanceof z.ZodObject)) return [prefix];
  return Object.entries(inner.shape).flatMap(([key, child]) =>
    leafPaths(child as z.ZodType, prefix === "" ? key : `${prefix}.${key}`),
  );
}
