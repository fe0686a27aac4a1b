/**
 * Issue 3 figure: server-action create overhead over a direct signed call. One sandbox (in this process,
 * rate limit off); the same signed client instance for both sides; calls alternate (direct, action, direct,
 * …) so that machine load weighs on both alike. The action side runs what createPayinAction runs
 * (lib/actions/create-payin-action.ts): the session/role check (authorizeToken: what authorizeRequest does
 * with the cookie), payinFormSchema.safeParse, then submitPayin with a real dashboard database — local
 * "Submitting" row, the signed call, the stored answer, the audit row.
 *
 * Not included here: Next's action transport (the POST with the Next-Action header, RSC reply decoding and
 * encoding, the cookies() read). There is no stable API to invoke a server action outside a browser or a
 * Next server, so this in-process figure isolates the dashboard's own work; bench/dashboard-postback.ts
 * adds the whole path by POSTing the real action (id from the build's server-reference-manifest.json) to
 * the running production server.
 *
 * Run by bench/dashboard.ts with `--conditions=react-server` (the modules import "server-only").
 */
import { performance } from "node:perf_hooks";
import { samplePayinRequest } from "@/lib/contract/samples";
import { migrate, openDatabase } from "@/lib/database";
import { authorizeToken } from "@/lib/auth/authorize";
import { ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { migrations } from "@/lib/database/dashboard/migrations";
import { actionValues } from "@/lib/orders/form-normalise";
import { payinFormSchema } from "@/lib/orders/payin-form-schema";
import { submitPayin } from "@/lib/orders/submit";
import { createPaymentApiClient, type PaymentApi, paymentApiInFlightMs } from "@/lib/payment-api";
import { startSandbox } from "@/lib/sandbox/server";
import { seedOperatorSession } from "./dashboard-session";
import { median, percentile, scratchPostgres } from "./dashboard-support";
import { figure } from "./lib";

const N = Number(process.env.BENCH_ACTION_CALLS ?? 300);
const WARMUP = 20;
const ACCOUNT = { clientId: "bench-merchant", secret: "bench-secret-0123456789" };
const PUBLIC_BASE_URL = "http://127.0.0.1:9"; // no callbacks fire on create; nothing listens there anyway
const TIMEOUT_MS = 10_000;
const IN_FLIGHT_MS = paymentApiInFlightMs(TIMEOUT_MS);

/** The form's values for a Card pay-in as the browser sends them to the action (the amount as text). */
function formValues(): unknown {
  return actionValues(samplePayinRequest("Card"));
}

/** Times `n` alternating pairs (direct, then action) after a warm-up of both: each side's ms and their difference. */
async function alternate(
  n: number,
  direct: () => Promise<void>,
  action: () => Promise<void>,
): Promise<{ d: number[]; a: number[]; diff: number[] }> {
  for (let i = 0; i < WARMUP; i++) {
    await direct();
    await action();
  }
  const d: number[] = [];
  const a: number[] = [];
  const diff: number[] = [];
  for (let i = 0; i < n; i++) {
    let t0 = performance.now();
    await direct();
    const td = performance.now() - t0;
    t0 = performance.now();
    await action();
    const ta = performance.now() - t0;
    d.push(td);
    a.push(ta);
    diff.push(ta - td);
  }
  return { d, a, diff };
}

/** The four figures of a comparison: each side's median (with p95), the overhead two ways. */
function report(
  { d, a, diff }: { d: number[]; a: number[]; diff: number[] },
  names: { direct: string; action: string; diffOfMedians: string; pairedDiff: string },
  actionNote: string,
): void {
  figure(names.direct, median(d), "ms", `p95 ${percentile(d, 95).toFixed(2)} ms`);
  figure(names.action, median(a), "ms", `p95 ${percentile(a, 95).toFixed(2)} ms, ${actionNote}`);
  figure(names.diffOfMedians, median(a) - median(d), "ms", "(target ≤ 10 ms)");
  figure(names.pairedDiff, median(diff), "ms", `p95 ${percentile(diff, 95).toFixed(2)} ms`);
}

async function measure(backend: "pglite" | "postgres", api: PaymentApi): Promise<void> {
  const pg = backend === "postgres" ? await scratchPostgres("bench_dash_action") : undefined;
  const db = await openDatabase(pg ? { url: pg.url } : { memory: true });
  try {
    await migrate(db, migrations, 731_001);
    const { token } = await seedOperatorSession(db);

    const direct = async () => {
      const res = await api.createPayin({
        ...samplePayinRequest("Card"),
        postbackUrl: `${PUBLIC_BASE_URL}/x`,
      });
      if (!res.id) throw new Error("direct create returned no id");
    };
    const action = async () => {
      const auth = await authorizeToken(db, token, ORDER_WRITE_ROLES);
      if (!auth.ok) throw new Error(`not authorised: ${auth.message}`);
      const parsed = payinFormSchema.safeParse(formValues());
      if (!parsed.success) throw new Error(`form values refused: ${parsed.error.message}`);
      const result = await submitPayin(
        { sql: db, api, publicBaseUrl: PUBLIC_BASE_URL, userId: auth.user.id, inFlightMs: IN_FLIGHT_MS },
        parsed.data,
      );
      if (!result.ok) throw new Error(`submit failed: ${result.message ?? "?"}`);
    };

    const times = await alternate(N, direct, action);
    const orders = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM orders WHERE status <> 'Submitting'",
    );
    console.log(`\n[${backend} dashboard db] pay-in create, ${N} sequential calls each, alternating`);
    report(
      times,
      {
        direct: "direct signed call (createPayin) median",
        action: "action path (auth + schema + submitPayin) median",
        diffOfMedians: `[${backend}] action overhead (difference of medians)`,
        pairedDiff: `[${backend}] action overhead (median of paired differences)`,
      },
      `${orders[0]?.n ?? 0} orders stored`,
    );
  } finally {
    await db.close();
    await pg?.drop();
  }
}

export async function runActionBench(): Promise<void> {
  const sandbox = await startSandbox({
    port: 0,
    database: { memory: true },
    accounts: [ACCOUNT],
    rateLimit: 0,
  });
  try {
    const api = createPaymentApiClient({ baseUrl: sandbox.url, ...ACCOUNT, timeoutMs: TIMEOUT_MS });
    await measure("pglite", api);
    await measure("postgres", api);
  } finally {
    await sandbox.close();
  }
}

/**
 * The real server action over HTTP, against the production server bench/dashboard-server.ts started: a
 * POST to the page with the Next-Action header (the action's id from the build manifest), the form values
 * encoded as React's encodeReply encodes plain JSON, the session cookie and a same-origin Origin (Next
 * refuses cross-origin action POSTs). Compared with direct signed calls to the same embedded sandbox.
 */
async function runHttpActionBench(opts: {
  serverUrl: string;
  sandboxUrl: string;
  actionId: string;
  session: string;
}): Promise<void> {
  const n = Number(process.env.BENCH_HTTP_ACTION_CALLS ?? 200);
  const api = createPaymentApiClient({
    baseUrl: opts.sandboxUrl,
    clientId: "sandbox-merchant",
    secret: "sandbox-secret",
    timeoutMs: 10_000,
  });
  let replyBytes = 0;
  const direct = async () => {
    const res = await api.createPayin({
      ...samplePayinRequest("Card"),
      postbackUrl: `${opts.serverUrl}/api/postback`,
    });
    if (!res.id) throw new Error("direct create returned no id");
  };
  const action = async () => {
    const res = await fetch(`${opts.serverUrl}/payins/new`, {
      method: "POST",
      headers: {
        "Next-Action": opts.actionId,
        "Content-Type": "text/plain;charset=UTF-8",
        Accept: "text/x-component",
        Origin: opts.serverUrl,
        Cookie: `dashboard_session=${opts.session}`,
      },
      body: JSON.stringify([formValues()]),
    });
    const text = await res.text();
    if (!res.ok || !text.includes('"ok":true')) {
      throw new Error(`server action answered ${res.status}: ${text.slice(0, 300)}`);
    }
    replyBytes = Buffer.byteLength(text);
  };
  const times = await alternate(n, direct, action);
  console.log(
    `\n[postgres, production server] pay-in create through the real server action, ${n} calls each, alternating`,
  );
  report(
    times,
    {
      direct: "direct signed call to the embedded sandbox median",
      action: "POST Next-Action createPayinAction median",
      diffOfMedians: "action overhead incl. Next transport (diff. of medians)",
      pairedDiff: "action overhead incl. Next transport (median paired diff.)",
    },
    `reply ${replyBytes} bytes`,
  );
}

if (process.argv[1]?.endsWith("dashboard-action.ts")) {
  const serverUrl = process.env.BENCH_ACTION_SERVER_URL;
  if (serverUrl) {
    await runHttpActionBench({
      serverUrl,
      sandboxUrl: process.env.BENCH_ACTION_SANDBOX_URL ?? "",
      actionId: process.env.BENCH_ACTION_ID ?? "",
      session: process.env.BENCH_ACTION_SESSION ?? "",
    });
  } else {
    await runActionBench();
  }
}
