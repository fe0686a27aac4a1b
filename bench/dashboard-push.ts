/**
 * Issue 10 §4/§6 figures (`npm run bench dashboard`, part "push"): how fast a status change reaches an open
 * page, pushed against the 3-second polling it replaces, and what holding open streams costs.
 * - Push latency: a signed callback handed to the receiver (receiveCallback: verified, stored, applied,
 *   committed) → the "status" event read by an SSE client over HTTP (the dashboard's own statusEventStream behind a node:http server).
 *   On embedded PGlite (one instance) and on PostgreSQL with one instance and with two (the callback applied
 *   through another instance's connection, the stream served from this one's LISTEN).
 * - The baseline: a page polling the status every 3 s sees the same changes later; simulated with the same
 *   change times (uniform phase), its latency is measured as the wait until its next poll plus one poll.
 * - Open streams: the server's RSS with N idle streams open, per stream; beside it, the requests per second
 *   the same N pages would send by polling.
 *
 * Env: BENCH_PUSH_SAMPLES (default 40), BENCH_PUSH_STREAMS (default 1000).
 * Run by bench/dashboard.ts in a child started with `--conditions=react-server`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { type Database, migrate, openDatabase } from "@/lib/database";
import { migrations } from "@/lib/database/dashboard/migrations";
import { statusEventStream } from "@/lib/live/event-stream";
import { createOrderStatusFeed, type OrderStatusFeed } from "@/lib/live/order-status-feed";
import { receiveCallback } from "@/lib/postback/receive";
import { callbackFor, signedHeadersFor } from "@/lib/testing/signed-callbacks";
import { insertTestOrder } from "@/lib/testing/test-orders";
import { median, percentile, scratchPostgres } from "./dashboard-support";
import { figure, ratio } from "./lib";

const SAMPLES = Number(process.env.BENCH_PUSH_SAMPLES ?? 40);
const STREAMS = Number(process.env.BENCH_PUSH_STREAMS ?? 1000);
const POLL_MS = 3000;
const account = { clientId: "bench-push", secret: "bench-push-secret" };

/** Each database's feed, as each dashboard instance has one (lib/runtime.ts). */
const feeds = new Map<Database, OrderStatusFeed>();
function feedOf(db: Database): OrderStatusFeed {
  let feed = feeds.get(db);
  if (!feed) {
    feed = createOrderStatusFeed(async () => db);
    feeds.set(db, feed);
  }
  return feed;
}

/** An HTTP server streaming every status change (the dashboard's SSE code, without Next around it). */
async function sseServer(db: Database): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const abort = new AbortController();
    req.on("close", () => abort.abort());
    const response = await statusEventStream(
      feedOf(db),
      new Request("http://bench/events", { signal: abort.signal }),
      (e) => ({
        ...e,
      }),
    );
    res.writeHead(200, Object.fromEntries(response.headers));
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      res.write(chunk.value);
    }
    res.end();
  });
  server.keepAliveTimeout = 0;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/events` };
}

/** An SSE client: resolves each awaited order id when its event arrives. */
async function sseClient(url: string) {
  const waiting = new Map<string, (at: number) => void>();
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const reader = res.body?.getReader();
  if (!reader) throw new Error("no stream");
  const decoder = new TextDecoder();
  let buffer = "";
  let ready: () => void = () => {};
  const isReady = new Promise<void>((r) => {
    ready = r;
  });
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message.includes("event: ready")) ready();
        const data = /^data: (.*)$/m.exec(message)?.[1];
        if (message.includes("event: status") && data) {
          const id = (JSON.parse(data) as { id: string }).id;
          waiting.get(id)?.(performance.now());
        }
        end = buffer.indexOf("\n\n");
      }
    }
  })();
  await isReady;
  return {
    next: (id: string) => new Promise<number>((resolve) => waiting.set(id, resolve)),
    close: () => controller.abort(),
  };
}

/** Push latencies (ms): `applyDb` receives the callbacks, `listenDb` feeds the stream. */
async function pushLatencies(listenDb: Database, applyDb: Database): Promise<number[]> {
  const { server, url } = await sseServer(listenDb);
  const client = await sseClient(url);
  const latencies: number[] = [];
  try {
    for (let i = 0; i < SAMPLES + 3; i++) {
      const order = await insertTestOrder(applyDb);
      const body = JSON.stringify(callbackFor(order));
      const arrived = client.next(order.id);
      // From the callback handed to the receiver: its own work (verify, store, apply, commit) is included,
      // since the notification is sent by that commit, about when the receiver answers.
      const posted = performance.now();
      await receiveCallback(applyDb, { headers: signedHeadersFor(body, account), rawBody: body, ...account });
      const at = await arrived;
      if (i >= 3) latencies.push(at - posted); // the first few warm up connections and plans
    }
  } finally {
    client.close();
    await new Promise((r) => server.close(r));
  }
  return latencies;
}

/** What a page polling every 3 s would have seen: the wait for its next poll (uniform), plus one poll. */
function pollingLatencies(pollMs: number[]): number[] {
  return Array.from(
    { length: SAMPLES },
    (_, i) => ((i + 0.5) / SAMPLES) * POLL_MS + (pollMs[i % pollMs.length] ?? 0),
  );
}

/** One status poll's time: the query the JSON route runs (its HTTP cost aside). */
async function pollTimes(db: Database): Promise<number[]> {
  const order = await insertTestOrder(db);
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await db.query("SELECT id, status, updated_at FROM orders WHERE id = ANY($1::uuid[])", [[order.id]]);
    times.push(performance.now() - t0);
  }
  return times;
}

function report(label: string, push: number[], poll: number[]): void {
  figure(`${label}: pushed, median`, median(push), "ms");
  figure(`${label}: pushed, p99`, percentile(push, 99), "ms");
  figure(`${label}: polling every 3 s, median`, median(poll), "ms");
  ratio(`  ${label}: polling / pushed (median), how much sooner`, median(poll), median(push), "pushed ≤ 1 s");
}

async function streamsMemory(db: Database): Promise<void> {
  const { server, url } = await sseServer(db);
  const clients: { close(): void }[] = [];
  try {
    global.gc?.();
    const before = process.memoryUsage().rss;
    for (let i = 0; i < STREAMS; i++) clients.push(await sseClient(url));
    global.gc?.();
    const after = process.memoryUsage().rss;
    console.log(`\n[${db.kind}] ${STREAMS} open streams (client and server in one process)`);
    figure("streams held by this instance", feedOf(db).openStreams(), "streams");
    figure("RSS per open stream (both ends)", (after - before) / STREAMS / 1024, "KiB");
    figure(`the same ${STREAMS} pages polling every 3 s instead`, STREAMS / (POLL_MS / 1000), "requests/s");
  } finally {
    for (const c of clients) c.close();
    await new Promise((r) => server.close(r));
  }
}

export async function runPushBench(): Promise<void> {
  // Embedded PGlite: one instance.
  {
    const db = await openDatabase({ memory: true });
    try {
      await migrate(db, migrations, 731_001);
      console.log("\n[pglite] status change → SSE client, one instance");
      report("one instance", await pushLatencies(db, db), pollingLatencies(await pollTimes(db)));
      await streamsMemory(db);
    } finally {
      await feedOf(db).stop();
      await db.close();
    }
  }
  // PostgreSQL: one instance, then two (another instance's connection applies the callbacks).
  const pg = await scratchPostgres("bench_push");
  const a = await openDatabase({ url: pg.url });
  const b = await openDatabase({ url: pg.url });
  try {
    await migrate(a, migrations, 731_001);
    const poll = pollingLatencies(await pollTimes(a));
    console.log("\n[postgres] status change → SSE client");
    report("one instance", await pushLatencies(a, a), poll);
    report("two instances", await pushLatencies(a, b), poll);
  } finally {
    await feedOf(a).stop();
    await a.close();
    await b.close();
    await pg.drop();
  }
}

if (process.argv[1]?.endsWith("dashboard-push.ts")) await runPushBench();
