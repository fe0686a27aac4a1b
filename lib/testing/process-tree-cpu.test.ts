import { type ChildProcess, spawn } from "node:child_process";
import { afterEach, expect, test } from "vitest";
import { processCpu, processTreeCpuMs } from "../../bench/lib";

/** Node code that uses `ms` of processor time (measured, so a slow machine burns the same amount), then waits. */
const burn = (ms: number) =>
  `const s = process.cpuUsage(); while ((process.cpuUsage(s).user + process.cpuUsage(s).system) / 1000 < ${ms});`;

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill("SIGKILL");
});

test.runIf(process.platform === "linux")(
  "processTreeCpuMs counts a process's children with it (the package bench's processor time per create)",
  async () => {
    // A parent that uses 300 ms and starts a child that uses 400 ms; both then wait to be killed.
    const grandchild = `${burn(400)} console.log("child done"); setInterval(() => {}, 1000);`;
    const parent = `${burn(300)}
      const c = require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(grandchild)}], { stdio: ["ignore", "pipe", "inherit"] });
      c.stdout.on("data", (d) => process.stdout.write(d));
      process.on("SIGTERM", () => { c.kill("SIGKILL"); process.exit(0); });`;
    child = spawn(process.execPath, ["-e", parent], { stdio: ["ignore", "pipe", "inherit"] });
    const pid = child.pid as number;
    await new Promise<void>((resolve, reject) => {
      child?.stdout?.on("data", (d: Buffer) => d.toString().includes("child done") && resolve());
      child?.once("exit", (code) => reject(new Error(`exited ${code} early`)));
    });
    const tree = processTreeCpuMs(pid);
    const own = processCpu(pid)?.cpuMs ?? 0;
    expect(tree).toBeGreaterThanOrEqual(700 - 20);
    expect(own).toBeGreaterThanOrEqual(300 - 20);
    // The child's 400 ms are in the tree's figure, not in the parent's own.
    expect((tree ?? 0) - own).toBeGreaterThanOrEqual(400 - 20);
    child.kill("SIGTERM");
  },
  30_000,
);

test("processTreeCpuMs of a process that is not there is undefined", () => {
  expect(processTreeCpuMs(2 ** 22 + 12345)).toBeUndefined();
});
