import "server-only";
import type { ProxyTrust } from "@/lib/auth/client-address";
import { clientIpFrom } from "@/lib/auth/request-meta";

/**
 * Who posted to the receiver, for the per-source limit on unverified posts: the client address as the
 * dashboard derives it for every rate limit (lib/auth/request-meta). The one place to change that.
 */
export function postbackSource(headers: Headers, trust: ProxyTrust): string {
  return clientIpFrom(headers, trust) ?? "unknown";
}
