import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { PGLITE_SAFE_FLAG, pgliteRerunDecision, type RerunFacts } from "./pglite-safe-rerun";

const WITH_PKU = "processor\t: 0\nflags\t\t: fpu vme sse2 avx2 pku ospke avx512f\n\nprocessor\t: 1\n";
const WITHOUT_PKU = "processor\t: 0\nflags\t\t: fpu vme sse2 avx2 ospke_not avx512f\nbugs\t\t: pku_like\n";

const facts = (over: Partial<RerunFacts>): RerunFacts => ({
  execArgv: [],
  platform: "linux",
  cpuinfo: WITH_PKU,
  v8: "13.6.233.17-node.53",
  ...over,
});

describe("pgliteRerunDecision", () => {
  it("runs again on a Linux CPU with pku when the V8 knows the flag (Node.js 24)", () => {
    expect(pgliteRerunDecision(facts({})).rerun).toBe(true);
  });

  it("does not run again on a Linux CPU without pku: V8 uses no protection keys there", () => {
    const decision = pgliteRerunDecision(facts({ cpuinfo: WITHOUT_PKU }));
    expect(decision).toEqual({ rerun: false, why: expect.stringContaining("no pku") });
  });

  it("does not run again when the process already has the flag", () => {
    expect(pgliteRerunDecision(facts({ execArgv: [PGLITE_SAFE_FLAG] })).rerun).toBe(false);
  });

  it("does not run again on a V8 that refuses the flag (Node.js 20's V8 11)", () => {
    expect(pgliteRerunDecision(facts({ v8: "11.3.244.8-node.38" })).rerun).toBe(false);
  });

  it("probes on a V8 between the versions checked (Node.js 22's V8 12)", () => {
    expect(pgliteRerunDecision(facts({ v8: "12.4.254.21-node.33" })).rerun).toBe("probe");
  });

  it("outside Linux, or without a readable /proc/cpuinfo, decides by the V8 alone", () => {
    expect(pgliteRerunDecision(facts({ platform: "darwin", cpuinfo: undefined })).rerun).toBe(true);
    expect(pgliteRerunDecision(facts({ cpuinfo: undefined })).rerun).toBe(true);
  });

  it("its V8 rule agrees with this Node.js: it knows the flag exactly when the rule says so", () => {
    const rule = pgliteRerunDecision(facts({ v8: process.versions.v8 })).rerun;
    const knows = spawnSync(process.execPath, [PGLITE_SAFE_FLAG, "-e", ""], { stdio: "ignore" }).status === 0;
    // "probe" asks this very question at run time, so it is never wrong.
    expect([knows, "probe"]).toContain(rule);
  });
});
