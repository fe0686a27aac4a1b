import type { z } from "zod";

/** What a schema refuses in `value`: each issue's dotted path and message (none when it parses). */
export function failures(schema: z.ZodType, value: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}
