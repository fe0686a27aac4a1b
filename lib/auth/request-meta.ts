import "server-only";

/**
 * The client's IP for rate limiting. Next.js fills X-Forwarded-For with the socket address only when the
 * request has none, so behind a reverse proxy the right-most entry is the address that proxy saw. Exposed
 * directly, a client can forge it — the per-account limit still holds then.
 */
export function clientIpFrom(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();
  const ip = last ?? headers.get("x-real-ip")?.trim();
  if (!ip) return null;
  return ip.slice(0, 64);
}
