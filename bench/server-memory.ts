/**
 * Issue 8 figure: what four parallel 256 MB chunked posts to POST /api/postback do to the dashboard
 * server's memory. Each client streams its body in 64 KB chunks until it has sent 256 MB or the server
 * has answered; the Next server's RSS (its process tree, read from /proc) is sampled throughout.
 */
import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { figure } from "./lib";

const POSTS = 4;
const BODY_BYTES = 256 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, "a");

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: fields after the last ")" are fixed.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((p) => parentOf(p) === pid);
}

/** `pid` and every process under it. */
export function treeOf(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(treeOf)];
}

/** A process's command line, arguments joined by spaces ("" when it is gone). */
export function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** A process's resident set size in bytes (0 when it is gone). */
export function rssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The `next start` process under scripts/start.mjs, with everything it started. */
export function nextServerTree(startPid: number): number[] {
  // Next renames its process ("next-server (v16…)"); the sandbox runs lib/sandbox/main.ts.
  const next = treeOf(startPid).find(
    (p) => p !== startPid && /next-server|next\/dist\/bin\/next/.test(cmdline(p)),
  );
  if (next === undefined) throw new Error(`no next process under ${startPid}`);
  return treeOf(next);
}

function chunkedPost(url: URL): Promise<{ status: number; sentBytes: number }> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      },
      (res) => {
        answered = true;
        res.resume();
        res.on("end", () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, sentBytes });
        });
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close the connection once it has answered; the answer is what counts. Closing it
      // while we still write (EPIPE, ECONNRESET) can lose that answer on our side: the upload was cut off
      // all the same, counted as status 0 ("closed").
      if (answered) return;
      if (error.code === "EPIPE" || error.code === "ECONNRESET") resolve({ status: 0, sentBytes });
      else reject(error);
    });
    const pump = () => {
      while (!answered && !req.destroyed && sentBytes < BODY_BYTES) {
        sentBytes += CHUNK.byteLength;
        if (!req.write(CHUNK)) return void req.once("drain", pump);
      }
      if (!answered && !req.destroyed) req.end();
    };
    pump();
  });
}

export async function postbackMemoryFigure(serverUrl: string, startPid: number): Promise<void> {
  const pids = nextServerTree(startPid);
  const rss = () => pids.reduce((sum, pid) => sum + rssBytes(pid), 0);
  const baseline = rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 10);
  let results: { status: number; sentBytes: number }[];
  try {
    const url = new URL(`${serverUrl}/api/postback`);
    results = await Promise.all(Array.from({ length: POSTS }, () => chunkedPost(url)));
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rss());
  const mb = (n: number) => n / (1024 * 1024);
  console.log(`\n${POSTS} parallel chunked posts of ${mb(BODY_BYTES)} MB to POST /api/postback`);
  figure("next server RSS before", mb(baseline), "MB");
  figure("next server RSS peak during the posts", mb(peak), "MB");
  figure("  rise", mb(peak - baseline), "MB", "(target ≤ 50 MB)");
  figure(
    "  answers",
    results.filter((r) => r.status === 413).length,
    `of ${POSTS} were 413`,
    `(statuses ${results.map((r) => r.status || "closed").join(", ")})`,
  );
  figure(
    "  sent per client before the answer (max)",
    mb(Math.max(...results.map((r) => r.sentBytes))),
    "MB",
    `of ${mb(BODY_BYTES)} MB`,
  );
}
