/**
 * Who the passkeys belong to (WebAuthn's relying party), from PUBLIC_BASE_URL: its host is the RP ID, its
 * origin the one a passkey answers for. WebAuthn refuses an IP address as RP ID, so a dashboard published
 * on a loopback address (127.0.0.1, [::1]: a developer's machine) uses `localhost` and accepts the page
 * opened as http://localhost:<port> as well.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

export const RELYING_PARTY_NAME = "Payments dashboard";

export function relyingPartyFor(publicBaseUrl: string): RelyingParty {
  const url = new URL(publicBaseUrl);
  const loopback = url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  if (!loopback) return { id: url.hostname, name: RELYING_PARTY_NAME, origins: [url.origin] };
  const local = new URL(url.origin);
  local.hostname = "localhost";
  return { id: "localhost", name: RELYING_PARTY_NAME, origins: [local.origin, url.origin] };
}
