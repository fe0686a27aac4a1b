/**
 * `npm run bench -- --smoke` (npm test runs it): every section and part once, on tiny sizes, to prove the
 * benches still run end to end and print finite figures. Its figures mean nothing. A knob already set in
 * the environment wins over this table.
 */
export const SMOKE_ENV: Record<string, string> = {
  // Load rounds (sandbox throughput, callback receiver) and the warm-ups before them.
  BENCH_DURATION_SEC: "1",
  BENCH_WARMUP_SEC: "1",
  // …each ended by a count of requests rather than by its second (bench/lib.ts roundEnd)
  BENCH_ROUND_REQUESTS: "200",
  // sandbox
  BENCH_STORE_PER_BLOCK: "5",
  BENCH_RSS_ORDERS: "200",
  BENCH_PACKAGE_ROUNDS: "1",
  BENCH_PACKAGE_STARTS: "1",
  // dashboard
  BENCH_ACTION_CALLS: "5",
  BENCH_HTTP_ACTION_CALLS: "5",
  BENCH_CALLBACK_ORDERS: "200",
  // The receiver on both: PostgreSQL is the several-instances path, where writers can queue on shared rows
  // (issue 45: PGlite's one connection never showed it); its lock-wait figure is a share, not a rate.
  BENCH_RECEIVER_DBS: "postgres,pglite",
  BENCH_OBSERVABILITY_ROUNDS: "2",
  BENCH_LIST_SMALL: "100",
  BENCH_LIST_ROWS: "500",
  BENCH_LIST_RUNS: "3",
  BENCH_COUNTS_WRITERS: "2",
  BENCH_COUNTS_OPS: "5",
  BENCH_COUNTS_ROUNDS: "1",
  BENCH_PUSH_SAMPLES: "3",
  BENCH_PUSH_STREAMS: "10",
  BENCH_BATCH_ROWS: "50",
  BENCH_CRASH_ROWS: "40",
  BENCH_INSIGHTS_SMALL: "100",
  BENCH_INSIGHTS_LARGE: "1000",
  BENCH_INSIGHTS_RUNS: "2",
  BENCH_ALERT_ROUNDS: "1",
  BENCH_ALERT_INTERVAL_MS: "200",
  // soak: the product under mixed load for 12 s (the warm-up, the RSS baseline, is its first fifth)
  BENCH_SOAK_SEC: "12",
  // pay-page: one method's page against the sign-in page, one Lighthouse run each
  BENCH_LIGHTHOUSE_RUNS: "1",
  BENCH_PAY_PAGE_METHODS: "Card",
};

export function applySmokeEnv(): void {
  for (const [name, value] of Object.entries(SMOKE_ENV)) process.env[name] ??= value;
}
