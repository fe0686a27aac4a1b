/**
 * CPU time used by a process tree (user + system, all threads), read from /proc. On a shared, loaded
 * machine the wall-clock throughput of a round depends on what else runs; the CPU a server spends per
 * request depends on it less, so the receiver bench prints both. (When a starved server answers only a
 * few requests a second, its own background work inflates the per-request figure: read both together.)
 */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds used so far by these processes (those gone count as 0). */
export function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after the command name (in parentheses, may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU milliseconds used so far by every PostgreSQL server process on this machine (its backends included). */
export function postgresCpuMs(): number {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") pids.push(Number(entry));
    } catch {
      // gone
    }
  }
  return cpuMs(pids);
}

/** CPU milliseconds this process (the load generator) used so far. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
