/**
 * Issue 17 §3 figures (`npm run bench dashboard`, part "batch"):
 * 1. A 10,000-row pay-out file parsed and validated (lib/batches/file.ts, read as a stream from disk):
 *    server time and RSS growth (peak during the parse over the RSS before), targets ≤ 2 s and ≤ 50 MB;
 *    baseline: the same file through csv-parse alone (no validation), in the same run.
 * 2. Sending it: the batch sender (createBatch, then sendBatchRows at its concurrency of 8) against 10,000
 *    single creates through the same client and the same path a form's create takes (submitPayout: the
 *    local order, the signed call, the stored answer, the audit line), 8 at a time; target ≥ 0.8× their
 *    throughput. One sandbox in this process (rate limit off), a fresh PGlite dashboard database per side.
 *    The raw client alone (createPayout, no database) is printed too, for scale.
 *
 * Run by bench/dashboard.ts with `--conditions=react-server` (the modules import "server-only").
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parse } from "csv-parse";
import { samplePayoutRequest } from "@/lib/contract/samples";
import { migrate, openDatabase } from "@/lib/database";
import { migrations } from "@/lib/database/dashboard/migrations";
import { createBatch } from "@/lib/batches/batches";
import { parseBatchFile } from "@/lib/batches/file";
import { BATCH_CONCURRENCY, sendBatchRows } from "@/lib/batches/sender";
import { submitPayout } from "@/lib/orders/submit";
import { createPaymentApiClient, type PaymentApi, paymentApiInFlightMs } from "@/lib/payment-api";
import { startSandbox } from "@/lib/sandbox/server";
import { sbpPayoutFile } from "@/lib/testing/payout-files";
import { seedOperatorSession } from "./dashboard-session";
import { figure, ratio } from "./lib";

const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 10_000);
const ACCOUNT = { clientId: "bench-merchant", secret: "bench-secret-0123456789" };
const PUBLIC_BASE_URL = "http://127.0.0.1:9";
const IN_FLIGHT_MS = paymentApiInFlightMs(10_000);

/** Whole roubles from 101 (no sandbox amount trigger). */
const amountOf = (i: number) => 100 + (i % 5000);

function writeFile(dir: string): string {
  const file = path.join(dir, "payouts.csv");
  writeFileSync(file, sbpPayoutFile(ROWS, { tag: "bench", amountOf }));
  return file;
}

/** Runs `fn` while sampling RSS every 5 ms; its result, its time and the peak RSS over the RSS before. */
async function measured<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; ms: number; rssGrowthMb: number; heapGrowthMb: number }> {
  const heapBefore = process.memoryUsage().heapUsed;
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const t0 = performance.now();
  try {
    const value = await fn();
    const ms = performance.now() - t0;
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      value,
      ms,
      rssGrowthMb: (peak - before) / 1024 / 1024,
      heapGrowthMb: (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function parseFigures(file: string): Promise<void> {
  const raw = await measured(async () => {
    let n = 0;
    for await (const _ of createReadStream(file).pipe(parse())) n++;
    return n;
  });
  const ours = await measured(() => parseBatchFile("payouts.csv", createReadStream(file)));
  if (ours.value.validRows !== ROWS || ours.value.errors.length > 0) {
    throw new Error(
      `the file did not pass: ${ours.value.validRows} valid, ${ours.value.errors.length} errors`,
    );
  }
  console.log(`\n[batch file] ${ROWS} rows, ${(ours.value.bytes / 1024 / 1024).toFixed(2)} MB`);
  figure("baseline: csv-parse alone, records read", raw.ms, "ms", `${raw.value - 1} rows`);
  figure("parse + validate (parseBatchFile)", ours.ms, "ms", "(target ≤ 2000 ms)");
  figure("RSS growth during parse + validate", ours.rssGrowthMb, "MB", "(target ≤ 50 MB)");
  figure("  of which JS heap in use at the end (rows + garbage)", ours.heapGrowthMb, "MB");
  ratio("parse + validate over csv-parse alone (time)", ours.ms, raw.ms, "informational");
  return;
}

/** Runs `n` jobs `concurrency` at a time. */
async function pool(n: number, concurrency: number, job: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await job(next++);
    }),
  );
}

async function sendFigures(file: string, api: PaymentApi): Promise<void> {
  const parsed = await parseBatchFile("payouts.csv", createReadStream(file));

  // The raw client, for scale.
  const rawClient = await measured(() =>
    pool(ROWS, BATCH_CONCURRENCY, async (i) => {
      const r = samplePayoutRequest("SBP", { amount: amountOf(i) });
      await api.createPayout({ ...r, postbackUrl: `${PUBLIC_BASE_URL}/api/postback` });
    }),
  );

  // Singles: what the form's create does, through the same client, 8 at a time.
  const singlesDb = await openDatabase({ memory: true });
  await migrate(singlesDb, migrations, 731_002);
  const singlesUser = await seedOperatorSession(singlesDb);
  const singles = await measured(() =>
    pool(ROWS, BATCH_CONCURRENCY, async (i) => {
      const r = samplePayoutRequest("SBP", { amount: amountOf(i) });
      const result = await submitPayout(
        {
          sql: singlesDb,
          api,
          publicBaseUrl: PUBLIC_BASE_URL,
          userId: singlesUser.userId,
          inFlightMs: IN_FLIGHT_MS,
        },
        r,
      );
      if (!result.ok) throw new Error(`single create failed: ${result.message ?? "?"}`);
    }),
  );
  await singlesDb.close();

  // The batch: stored, then sent by the sender.
  const batchDb = await openDatabase({ memory: true });
  await migrate(batchDb, migrations, 731_003);
  const batchUser = await seedOperatorSession(batchDb);
  const batch = await measured(async () => {
    const created = await createBatch(batchDb, { id: batchUser.userId, role: "operator" }, parsed);
    if (!created.ok) throw new Error(`batch refused: ${created.message}`);
    return sendBatchRows({
      sql: batchDb,
      api,
      publicBaseUrl: PUBLIC_BASE_URL,
      userId: null,
      inFlightMs: IN_FLIGHT_MS,
    });
  });
  const sentOk = await batchDb.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM orders WHERE status = 'In progress'",
  );
  await batchDb.close();
  if (batch.value.sent !== parsed.requests.length) throw new Error(`the batch sent ${batch.value.sent} rows`);

  const perSec = (ms: number) => ROWS / (ms / 1000);
  console.log(
    `\n[batch send] ${ROWS} pay-outs each side, ${BATCH_CONCURRENCY} at a time, pglite dashboard db`,
  );
  figure("raw client createPayout (no database), for scale", perSec(rawClient.ms), "orders/s");
  figure("baseline: single creates (submitPayout)", perSec(singles.ms), "orders/s");
  figure(
    "batch: store + send (createBatch + sendBatchRows)",
    perSec(batch.ms),
    "orders/s",
    `${sentOk[0]?.n ?? 0} accepted`,
  );
  ratio("batch throughput over single creates", perSec(batch.ms), perSec(singles.ms), "≥ 0.8");
}

export async function runBatchBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-batch-"));
  try {
    const file = writeFile(dir);
    await parseFigures(file);
    // BENCH_BATCH_SEND=0: the file's figures only (the sends take minutes).
    if (process.env.BENCH_BATCH_SEND === "0") return;
    const sandbox = await startSandbox({
      port: 0,
      database: { memory: true },
      accounts: [ACCOUNT],
      rateLimit: 0,
    });
    try {
      const api = createPaymentApiClient({ baseUrl: sandbox.url, ...ACCOUNT, timeoutMs: 10_000 });
      await sendFigures(file, api);
    } finally {
      await sandbox.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("dashboard-batch.ts")) await runBatchBench();
