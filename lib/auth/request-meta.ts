import "server-only";
import { decideClientAddress, type ProxyTrust, SOCKET_ADDRESS_HEADER } from "./client-address";

/**
 * The client's IP for rate limiting and the audit log: the socket peer that scripts/next-server.mjs
 * recorded, or — only when `trust` (TRUSTED_PROXIES / TRUSTED_PROXY_HOPS, proxyTrustFrom) says a reverse
 * proxy is in front — the X-Forwarded-For entry that proxy wrote. A client-supplied X-Forwarded-For is never
 * believed on its own.
 */
export function clientIpFrom(headers: Headers, trust: ProxyTrust): string | null {
  const ip = decideClientAddress({
    socketAddress: headers.get(SOCKET_ADDRESS_HEADER),
    forwardedFor: headers.get("x-forwarded-for"),
    trust,
  });
  return ip?.slice(0, 64) ?? null;
}
