/**
 * Where to go after sign-in: only a same-origin relative path ("/orders?x=1"). Anything that could leave
 * the site ("//evil.example", "/\\evil", "https://…", "javascript:…") or loop back to /login becomes "/".
 * Plain module: used by the login page and the sign-in action.
 */
const BASE = "http://dashboard.invalid";

export function sanitizeNextPath(value: unknown): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return "/";
  if (!value.startsWith("/") || value.startsWith("//")) return "/";
  // Backslashes and control characters are normalised by browsers into things like "//host".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE) return "/";
  if (url.pathname === "/login" || url.pathname.startsWith("/login/")) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into a protocol-relative result: "/..//evil.example" -> "//evil.example".
  return path.startsWith("//") ? "/" : path;
}

/** Why the sign-in page is shown, when the page can say so: the session ended after inactivity. */
export const IDLE_SIGN_OUT = "idle";

/** The sign-in URL that brings the user back to `path` afterwards (and says why they were signed out). */
export function loginPathFor(path: string | null | undefined, reason?: typeof IDLE_SIGN_OUT): string {
  const params = new URLSearchParams();
  const next = sanitizeNextPath(path);
  if (next !== "/") params.set("next", next);
  if (reason) params.set("reason", reason);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}
