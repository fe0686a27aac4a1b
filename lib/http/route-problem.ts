/**
 * The dashboard's own error answers (route handlers, the callback receiver, the proxy): RFC 9457 problem
 * details of type about:blank (the status says what went wrong), never cached.
 */
import { type FieldError, problemResponse } from "@/lib/contract/problem";

export function routeProblem(status: number, title: string, detail: string, errors?: FieldError[]): Response {
  return problemResponse(
    { type: "about:blank", title, status, detail, ...(errors ? { errors } : {}) },
    { "Cache-Control": "no-store" },
  );
}
