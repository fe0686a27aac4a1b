import { isIP } from "node:net";
import { normalizeAddress, type TrustedProxy, trustedProxyMatcher } from "./trusted-proxies";

/**
 * The request header through which the dashboard's own HTTP server (scripts/next-server.mjs) passes the
 * TCP peer's address to the app. That server removes any copy a client sent before setting it, so it can be
 * trusted; Next.js itself gives route handlers and server actions no socket address.
 */
export const SOCKET_ADDRESS_HEADER = "x-client-socket-address";

/** Who may add to X-Forwarded-For: nobody (default), the last `hops` proxies, or the listed proxies. */
export type ProxyTrust =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "list"; proxies: readonly TrustedProxy[] };

export function proxyTrustFrom(e: {
  TRUSTED_PROXY_HOPS: number;
  TRUSTED_PROXIES: readonly TrustedProxy[];
}): ProxyTrust {
  if (e.TRUSTED_PROXIES.length > 0) return { kind: "list", proxies: e.TRUSTED_PROXIES };
  if (e.TRUSTED_PROXY_HOPS > 0) return { kind: "hops", hops: e.TRUSTED_PROXY_HOPS };
  return { kind: "none" };
}

/**
 * The client's address for rate limiting. The chain is every X-Forwarded-For entry followed by the socket
 * peer, nearest last. Without trusted proxies it is the socket peer, whatever the headers say. With `hops`,
 * the entry that many steps before the socket (each trusted proxy appended the one before it). With a list,
 * the nearest entry that is not a listed proxy — so entries a client wrote itself, further left, are never
 * reached. Null when the socket address is unknown (the app was not started through scripts/start.mjs).
 */
export function decideClientAddress(input: {
  socketAddress: string | null;
  forwardedFor: string | null;
  trust: ProxyTrust;
}): string | null {
  const socket = input.socketAddress ? normalizeAddress(input.socketAddress) : "";
  if (!socket || isIP(socket) === 0) return null;
  if (input.trust.kind === "none") return socket;

  const forwarded = (input.forwardedFor ?? "")
    .split(",")
    .map(normalizeAddress)
    .filter((a) => a !== "");
  const chain = [...forwarded, socket];
  let index: number;
  if (input.trust.kind === "hops") {
    index = Math.max(0, chain.length - 1 - input.trust.hops);
  } else {
    const trusted = trustedProxyMatcher(input.trust.proxies);
    index = chain.length - 1;
    while (index > 0 && trusted(chain[index] ?? "")) index--;
  }
  const candidate = chain[index] ?? socket;
  // A proxy passes on whatever the client wrote in front of its own entry: anything not an address is
  // refused in favour of the nearest address we know to be real.
  return isIP(candidate) === 0 ? socket : candidate;
}
