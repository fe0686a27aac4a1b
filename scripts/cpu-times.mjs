import { readFileSync } from "node:fs";

/**
 * The machine's CPU time so far, all of it, idle, and stolen (Linux's /proc/stat, in clock ticks over every core);
 * undefined where there is none. Between two readings, the busy share tells whether work was bound by the cores
 * (near 100 %: only less work makes it faster) or waited (timers, the network, a browser). Stolen time is time a
 * virtual machine's cores were ready to run but the host ran something else (counted as busy): a slow day's cause,
 * when there is any. Used by `npm test` (each step's closing line) and the package bench.
 */
export function cpuTimes() {
  try {
    const ticks = readFileSync("/proc/stat", "utf8")
      .split("\n")[0]
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    return {
      all: ticks.reduce((a, b) => a + b, 0),
      idle: (ticks[3] ?? 0) + (ticks[4] ?? 0),
      stolen: ticks[7] ?? 0,
    };
  } catch {
    return undefined;
  }
}
