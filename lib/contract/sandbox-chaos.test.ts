import { describe, expect, it } from "vitest";
import { formatChaosHeader, parseChaosHeader, type SandboxChaos } from "./sandbox-chaos";

describe("the X-Sandbox-Chaos header", () => {
  it.each<[string, SandboxChaos]>([
    ["duplicate", { modes: ["duplicate"] }],
    [" drop ,bad-signature ", { modes: ["drop", "bad-signature"] }],
    ["none", { modes: [] }],
    ["late; delayMs=1500", { modes: ["late"], delayMs: 1500 }],
    [
      "out-of-order, x-signature-only; seed=7; probability=0.25",
      { modes: ["out-of-order", "x-signature-only"], seed: 7, probability: 0.25 },
    ],
  ])("reads %j", (header, chaos) => {
    expect(parseChaosHeader(header)).toEqual({ ok: true, chaos });
  });

  it.each<[string, string, RegExp]>([
    ["", "X-Sandbox-Chaos", /Name the modes/],
    ["explode", "X-Sandbox-Chaos", /Each must be one of duplicate, out-of-order/],
    ["duplicate, duplicate", "X-Sandbox-Chaos", /once/],
    ["x-signature-only, webhook-signature-only", "X-Sandbox-Chaos", /exclude each other/],
    ["duplicate; seed=1.5", "X-Sandbox-Chaos.seed", /whole number/],
    ["duplicate; seed=99999999999", "X-Sandbox-Chaos.seed", /from 0 to 2147483647/],
    ["duplicate; probability=0", "X-Sandbox-Chaos.probability", /above 0/],
    ["duplicate; probability=2", "X-Sandbox-Chaos.probability", /at most 1/],
    ["late; delayMs=soon", "X-Sandbox-Chaos.delayMs", /whole number of ms/],
    ["late; delayMs=600001", "X-Sandbox-Chaos.delayMs", /whole number of ms/],
    ["late; delayMs", "X-Sandbox-Chaos", /not a setting/],
    ["late; speed=3", "X-Sandbox-Chaos", /not a setting/],
  ])("refuses %j, naming %s", (header, path, message) => {
    const result = parseChaosHeader(header);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it.each<SandboxChaos>([
    { modes: ["duplicate"] },
    { modes: [] },
    { modes: ["late", "drop"], seed: 0, probability: 0.5, delayMs: 0 },
  ])("writes what it reads: %j", (chaos) => {
    expect(parseChaosHeader(formatChaosHeader(chaos))).toEqual({ ok: true, chaos });
  });
});
