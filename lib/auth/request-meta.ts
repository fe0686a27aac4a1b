import "server-only";
import { env } from "@/lib/env";
import { decideClientAddress, proxyTrustFrom, SOCKET_ADDRESS_HEADER } from "./client-address";

/**
 * The client's IP for rate limiting and the audit log: the socket peer that scripts/next-server.mjs
 * recorded, or — only when TRUSTED_PROXIES / TRUSTED_PROXY_HOPS say a reverse proxy is in front — the
 * X-Forwarded-For entry that proxy wrote. A client-supplied X-Forwarded-For is never believed on its own.
 */
export function clientIpFrom(headers: Headers): string | null {
  const ip = decideClientAddress({
    socketAddress: headers.get(SOCKET_ADDRESS_HEADER),
    forwardedFor: headers.get("x-forwarded-for"),
    trust: proxyTrustFrom(env),
  });
  return ip?.slice(0, 64) ?? null;
}
