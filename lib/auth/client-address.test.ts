import { describe, expect, it } from "vitest";
import { decideClientAddress, type ProxyTrust } from "./client-address";
import { parseTrustedProxyList, type TrustedProxy } from "./trusted-proxies";

const list = (text: string): readonly TrustedProxy[] => {
  const parsed = parseTrustedProxyList(text);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
};
const none: ProxyTrust = { kind: "none" };

describe("decideClientAddress", () => {
  it("without trusted proxies uses the socket address and ignores forged X-Forwarded-For", () => {
    expect(decideClientAddress({ socketAddress: "203.0.113.5", forwardedFor: "1.2.3.4", trust: none })).toBe(
      "203.0.113.5",
    );
    expect(
      decideClientAddress({
        socketAddress: "::ffff:127.0.0.1",
        forwardedFor: "9.9.9.9, 8.8.8.8",
        trust: none,
      }),
    ).toBe("127.0.0.1");
    expect(decideClientAddress({ socketAddress: "::1", forwardedFor: null, trust: none })).toBe("::1");
  });

  it("answers null when the socket address is missing or not an address", () => {
    expect(decideClientAddress({ socketAddress: null, forwardedFor: "1.2.3.4", trust: none })).toBeNull();
    expect(decideClientAddress({ socketAddress: "junk", forwardedFor: null, trust: none })).toBeNull();
    expect(
      decideClientAddress({ socketAddress: null, forwardedFor: "1.2.3.4", trust: { kind: "hops", hops: 1 } }),
    ).toBeNull();
  });

  it("with a hop count takes the entry that many proxies before the socket", () => {
    const hops1: ProxyTrust = { kind: "hops", hops: 1 };
    // The client forged "6.6.6.6"; the one proxy appended the real address 198.51.100.7.
    expect(
      decideClientAddress({ socketAddress: "10.0.0.2", forwardedFor: "6.6.6.6, 198.51.100.7", trust: hops1 }),
    ).toBe("198.51.100.7");
    const hops2: ProxyTrust = { kind: "hops", hops: 2 };
    expect(
      decideClientAddress({
        socketAddress: "10.0.0.2",
        forwardedFor: "6.6.6.6, 198.51.100.7, 10.0.0.9",
        trust: hops2,
      }),
    ).toBe("198.51.100.7");
    // No header although a proxy is expected: the socket peer is all we know.
    expect(decideClientAddress({ socketAddress: "10.0.0.2", forwardedFor: null, trust: hops1 })).toBe(
      "10.0.0.2",
    );
  });

  it("with a proxy list skips listed proxies from the right and stops at the first other address", () => {
    const trust: ProxyTrust = { kind: "list", proxies: list("10.0.0.0/8, 2001:db8::1") };
    expect(
      decideClientAddress({
        socketAddress: "10.0.0.2",
        forwardedFor: "6.6.6.6, 198.51.100.7, 10.1.2.3",
        trust,
      }),
    ).toBe("198.51.100.7");
    // A request straight from a client (socket not a listed proxy): its X-Forwarded-For is ignored.
    expect(decideClientAddress({ socketAddress: "203.0.113.9", forwardedFor: "6.6.6.6", trust })).toBe(
      "203.0.113.9",
    );
    expect(decideClientAddress({ socketAddress: "2001:db8::1", forwardedFor: "2001:db8::77", trust })).toBe(
      "2001:db8::77",
    );
    // Junk the client wrote where an address should be never becomes its identity.
    expect(decideClientAddress({ socketAddress: "10.0.0.2", forwardedFor: "not-an-ip", trust })).toBe(
      "10.0.0.2",
    );
  });
});

describe("parseTrustedProxyList", () => {
  it("reads addresses and CIDR ranges and names a bad entry", () => {
    expect(parseTrustedProxyList("10.0.0.1, 10.1.0.0/16 ,::1")).toEqual([
      { address: "10.0.0.1", prefix: 32, family: "ipv4" },
      { address: "10.1.0.0", prefix: 16, family: "ipv4" },
      { address: "::1", prefix: 128, family: "ipv6" },
    ]);
    expect(parseTrustedProxyList("10.0.0.1, proxy.local")).toBe(
      '"proxy.local" is not an IP address or CIDR range',
    );
    expect(parseTrustedProxyList("10.0.0.0/33")).toMatch(/invalid prefix length/);
    expect(parseTrustedProxyList("10.0.0.0/")).toMatch(/invalid prefix length/);
  });
});
