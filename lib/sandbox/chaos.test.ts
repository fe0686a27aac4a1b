import { describe, expect, it } from "vitest";
import type { ResolvedChaos } from "@/lib/contract";
import { chaosDraw, chaosForCallback, chaosForNewOrder, spoilerOf, staleChaos } from "./chaos";

const PAYMENT_IDS = Array.from({ length: 200 }, (_, i) => `pay-${i}`);

describe("chaos draws", () => {
  it("are a function of seed, paymentId and purpose, spread over [0, 1)", () => {
    expect(chaosDraw(7, "pay-1", "duplicate")).toBe(chaosDraw(7, "pay-1", "duplicate"));
    expect(chaosDraw(7, "pay-1", "duplicate")).not.toBe(chaosDraw(8, "pay-1", "duplicate"));
    expect(chaosDraw(7, "pay-1", "duplicate")).not.toBe(chaosDraw(7, "pay-2", "duplicate"));
    expect(chaosDraw(7, "pay-1", "duplicate")).not.toBe(chaosDraw(7, "pay-1", "drop"));
    const draws = PAYMENT_IDS.map((id) => chaosDraw(1, id, "x"));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const low = draws.filter((d) => d < 0.5).length;
    expect(low).toBeGreaterThan(70);
    expect(low).toBeLessThan(130);
  });
});

describe("chaos for a callback", () => {
  const chaos: ResolvedChaos = { modes: ["duplicate", "drop"], seed: 3, probability: 1, delayMs: 10 };

  it("takes every mode at probability 1, and about that share below it", () => {
    expect(chaosForCallback(chaos, "p")).toEqual({ modes: ["duplicate", "drop"], seed: 3, delayMs: 10 });
    expect(chaosForCallback(null, "p")).toBeNull();
    const chosen = PAYMENT_IDS.map((id) => chaosForCallback({ ...chaos, probability: 0.3 }, id));
    const duplicated = chosen.filter((c) => c?.modes.includes("duplicate")).length;
    expect(duplicated).toBeGreaterThan(30);
    expect(duplicated).toBeLessThan(90);
    expect(chosen.some((c) => c === null)).toBe(true);
  });

  it("spoils the first attempts in order: dropped, then badly signed", () => {
    const both = { modes: ["bad-signature", "drop"] as const, seed: 1, delayMs: 0 };
    const spoilers = [1, 2, 3].map((n) => spoilerOf({ ...both, modes: [...both.modes] }, n));
    expect(spoilers).toEqual(["drop", "bad-signature", undefined]);
    expect(spoilerOf({ modes: ["bad-signature"], seed: 1, delayMs: 0 }, 1)).toBe("bad-signature");
    expect(spoilerOf({ modes: ["duplicate"], seed: 1, delayMs: 0 }, 1)).toBeUndefined();
  });

  it("the stale callback keeps only the signature style", () => {
    expect(staleChaos({ modes: ["out-of-order", "drop", "x-signature-only"], seed: 1, delayMs: 0 })).toEqual({
      modes: ["stale", "x-signature-only"],
      seed: 1,
      delayMs: 0,
    });
  });
});

describe("chaos for a new order", () => {
  it("the header wins over the account's; 'none' turns it off; a seed is always decided", () => {
    const account = { modes: ["late" as const], seed: 9 };
    expect(chaosForNewOrder(undefined, account)).toEqual({
      ok: true,
      chaos: { modes: ["late"], seed: 9, probability: 1, delayMs: 2000 },
    });
    expect(chaosForNewOrder("none", account)).toEqual({ ok: true, chaos: null });
    expect(chaosForNewOrder(undefined, undefined)).toEqual({ ok: true, chaos: null });
    const picked = chaosForNewOrder("drop", account);
    expect(picked.ok && picked.chaos?.modes).toEqual(["drop"]);
    expect(picked.ok && picked.chaos?.seed).toEqual(expect.any(Number));
    expect(chaosForNewOrder("sideways", account).ok).toBe(false);
  });
});
