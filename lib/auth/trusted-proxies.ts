import { BlockList, isIP } from "node:net";

/** One entry of TRUSTED_PROXIES: an address, or a CIDR range when `prefix` is below the full length. */
export interface TrustedProxy {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/**
 * Parses TRUSTED_PROXIES ("10.0.0.1, 10.1.0.0/16, ::1"): the list, or a message naming the first bad entry.
 * IPv4-mapped IPv6 forms (::ffff:10.0.0.1) are read as the IPv4 address they carry.
 */
export function parseTrustedProxyList(text: string): TrustedProxy[] | string {
  const list: TrustedProxy[] = [];
  for (const raw of text.split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const [addressPart = "", prefixPart, ...rest] = entry.split("/");
    const address = normalizeAddress(addressPart);
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR range`;
    const max = version === 4 ? 32 : 128;
    const prefix = prefixPart === undefined ? max : Number(prefixPart);
    if (!/^\d{1,3}$/.test(prefixPart ?? String(max)) || prefix > max)
      return `"${entry}" has an invalid prefix length (0–${max})`;
    list.push({ address, prefix, family: version === 4 ? "ipv4" : "ipv6" });
  }
  return list;
}

/** "::ffff:192.0.2.1" → "192.0.2.1"; strips an IPv6 zone ("fe80::1%eth0") and surrounding spaces. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

/** A membership test over the list (node's BlockList does the CIDR math for both families). */
export function trustedProxyMatcher(list: readonly TrustedProxy[]): (address: string) => boolean {
  const block = new BlockList();
  for (const p of list) block.addSubnet(p.address, p.prefix, p.family);
  return (address) => {
    const a = normalizeAddress(address);
    const version = isIP(a);
    if (version === 0) return false;
    return block.check(a, version === 4 ? "ipv4" : "ipv6");
  };
}
