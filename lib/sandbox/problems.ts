/** RFC 9457 problem details as the sandbox sends them (docs/architecture.md, HTTP status codes and problems). */
import { type FieldError, type Problem, problemResponse } from "@/lib/contract";

export { problemResponse };

const TITLES: Record<number, string> = {
  400: "Invalid request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Request body too large",
  415: "Unsupported media type",
  429: "Too many requests",
  500: "Internal error",
};

export function problem(status: number, slug: string, detail?: string, errors?: FieldError[]): Problem {
  return {
    type: `urn:payorders:problem:${slug}`,
    title: TITLES[status] ?? "Error",
    status,
    ...(detail === undefined ? {} : { detail }),
    ...(errors === undefined ? {} : { errors }),
  };
}

export function validationProblem(errors: FieldError[]): Problem {
  const fields = errors.map((e) => e.path).join(", ");
  return problem(400, "validation", `Invalid fields: ${fields}`, errors);
}
