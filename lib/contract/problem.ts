/** RFC 9457 problem details: the one error shape of the service (docs/architecture.md, HTTP status codes and problems). */
import { z } from "zod";

export const fieldErrorSchema = z
  .object({ path: z.string(), message: z.string() })
  .meta({ description: "One failing field: its dotted path (e.g. payoutDetails.ccNo) and what it must be." });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .meta({ description: "RFC 9457 problem details; `errors` names every failing field of a 400." });
export type Problem = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/**
 * Flattens zod issues to `{ path: "payoutDetails.ccNo", message }`, one per failing field; an issue about
 * the whole value gets the path `root`.
 */
export function fieldErrorsFromZod(error: z.ZodError, root = "(body)"): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || root,
    message: issue.message,
  }));
}

/** The one way a problem goes on the wire: its status, its JSON, the problem+json content type. */
export function problemResponse(p: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(p), {
    status: p.status,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE, ...headers },
  });
}
