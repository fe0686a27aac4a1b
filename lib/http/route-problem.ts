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

/** 400 for a list's refused filters (lib/orders/list-filters.ts FilterError), each named as a field error. */
export function filtersRefused(errors: readonly { field: string; message: string }[]): Response {
  const fieldErrors = errors.map((e) => ({ path: e.field, message: e.message }));
  return routeProblem(400, "Bad Request", "Some filters are not valid.", fieldErrors);
}
