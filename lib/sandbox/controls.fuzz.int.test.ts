/**
 * Property fuzz of every sandbox control's parameters (issue 19 §4), on the TEST_DB backend: query values
 * (times, counts, ids) at and past every edge, clock moves and resets, run and chaos bodies with wrong types
 * and huge numbers, path segments of any bytes, the operator page's sign-in with any header. Correctly
 * signed, so they reach the handlers. Every answer is below 500, and afterwards the account still creates
 * orders and reads its clock. A failure prints its seed; FUZZ_SEED=<seed> replays it.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { samplePayinRequest } from "@/lib/contract/samples";
import { signRequest } from "@/lib/signing";
import {
  assertFuzz,
  fuzzRuns,
  hostileSegment,
  junkValue,
  nastyString,
  percentEncode,
} from "@/lib/testing/fuzz";
import { type ScratchSandbox, startScratchSandbox } from "@/lib/testing/sandbox-fixture";
import { signedClient, TEST_ACCOUNT } from "@/lib/testing/sandbox-http";

const RUNS = fuzzRuns(600);

let scratch: ScratchSandbox;
let url: string;
let orderId: string;
let runId: string;

beforeAll(async () => {
  // The throttle of failed sign-ins is off: every case here is signed (auth-throttle.int.test.ts tests it).
  scratch = await startScratchSandbox("sandbox_controls_fuzz", {
    rateLimit: 0,
    authFailureLimit: 0,
    callbackRetrySchedule: [60_000],
  });
  url = scratch.sandbox.url;
  const api = signedClient(url);
  orderId = (
    (await (await api.post("/api/v1/payin/create", samplePayinRequest("SBP"))).json()) as { id: string }
  ).id;
  runId = ((await (await api.post("/sandbox/runs", { label: "fuzz" })).json()) as { clientId: string })
    .clientId;
}, 180_000);

afterAll(async () => {
  await scratch?.close();
});

const percentText = (text: string) => percentEncode(Buffer.from(text));

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** Times as text: well-formed at every year and offset, malformed near that, and anything. */
const timeText: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      // The edges weigh as much as the rest: year 0 and 9999 behind a negative offset once broke the log.
      year: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1, 1969, 1970, 2026, 9999)),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
      hour: fc.integer({ min: 0, max: 25 }),
      minute: fc.integer({ min: 0, max: 60 }),
      second: fc.integer({ min: 0, max: 61 }),
      fraction: fc.option(fc.integer({ min: 0, max: 999_999_999 }), { nil: undefined }),
      offset: fc.oneof(
        fc.constant("Z"),
        fc
          .tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }))
          .map(([sign, h, m]) => `${sign}${pad(h, 2)}:${pad(m, 2)}`),
        fc.constant(""),
      ),
    })
    .map(
      (t) =>
        `${pad(t.year, 4)}-${pad(t.month, 2)}-${pad(t.day, 2)}T${pad(t.hour, 2)}:${pad(t.minute, 2)}:${pad(t.second, 2)}` +
        `${t.fraction === undefined ? "" : `.${t.fraction}`}${t.offset}`,
    ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc
    .integer({ min: -5, max: 15 })
    .map((years) => new Date(Date.now() + years * 365.25 * 86_400_000).toISOString()),
  fc.constantFrom(
    "0000-01-01T00:00:00Z",
    "9999-12-31T23:59:59Z",
    "9999-12-31T23:59:59-23:59",
    "1969-12-31T23:59:59.999Z",
    "+275760-09-13T00:00:00.000Z",
    "-271821-04-20T00:00:00.000Z",
    "2026-02-29T00:00:00Z",
    "now",
    "",
  ),
  nastyString,
);

/** Numbers as text, for query values. */
const numberText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: -1_000, max: 1_000 }).map(String),
  fc.double().map(String),
  fc.bigInt().map(String),
  fc.constantFrom("1e309", "-0", "0x10", "0b1", "NaN", "Infinity", "", " 5", "5 ", "1_0", "9".repeat(400)),
  nastyString,
);

/** Numbers as JSON text, past what JSON.stringify writes (1e400 parses as Infinity). */
const numberJson: fc.Arbitrary<string> = fc.oneof(
  fc.double().map((n) => JSON.stringify(n)),
  fc.integer().map(String),
  fc.constantFrom("1e400", "-1e400", "1e-400", "315360000", "315360001", "315359999.9999", "0.0001", "-0"),
  junkValue.map((v) => JSON.stringify(v) ?? "null"),
);

const segment: fc.Arbitrary<string> = fc.oneof(hostileSegment, fc.constantFrom("(order)", "(run)"));

const chaosJson: fc.Arbitrary<string> = fc
  .record(
    {
      modes: fc.oneof(
        fc.array(
          fc.oneof(
            fc.constantFrom("duplicate", "out-of-order", "late", "bad-signature", "drop", "x-signature-only"),
            nastyString,
          ),
          { maxLength: 8 },
        ),
        junkValue,
      ),
      seed: numberJson,
      probability: numberJson,
      delayMs: numberJson,
    },
    { requiredKeys: [] },
  )
  .map(
    (c) =>
      `{${Object.entries(c)
        .map(
          ([k, v]) =>
            `${JSON.stringify(k)}:${typeof v === "string" && k !== "modes" ? v : JSON.stringify(v)}`,
        )
        .join(",")}}`,
  );

interface ControlCall {
  method: "GET" | "POST" | "DELETE";
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** Signed as the test account unless false (the operator page signs in with Basic auth). */
  signed?: boolean;
}

const query = (pairs: [string, string | undefined][]) =>
  pairs
    .filter((p): p is [string, string] => p[1] !== undefined)
    .map(([k, v]) => `${k}=${percentText(v)}`)
    .join("&");

const requestsCall: fc.Arbitrary<ControlCall> = fc
  .record({
    orderId: fc.option(fc.oneof(fc.uuid(), nastyString, fc.constant("(order)")), { nil: undefined }),
    before: fc.option(timeText, { nil: undefined }),
    limit: fc.option(numberText, { nil: undefined }),
    raw: fc.option(fc.constantFrom("before=%FF", "limit=%00", "before", "limit=&limit=5", "before=%"), {
      nil: undefined,
    }),
  })
  .map(({ orderId: o, before, limit, raw }) => {
    const q = [
      query([
        ["orderId", o === "(order)" ? orderId : o],
        ["before", before],
        ["limit", limit],
      ]),
      raw,
    ]
      .filter(Boolean)
      .join("&");
    return { method: "GET" as const, path: `/sandbox/requests${q ? `?${q}` : ""}` };
  });

const clockCall: fc.Arbitrary<ControlCall> = fc
  .oneof(
    numberJson.map((n) => `{"advanceSeconds":${n}}`),
    timeText.map((t) => JSON.stringify({ to: t })),
    fc.tuple(numberJson, timeText).map(([n, t]) => `{"advanceSeconds":${n},"to":${JSON.stringify(t)}}`),
    fc.constantFrom("{}", "[]", "null", '{"reset":true}', `{"advanceSeconds":315360000}`),
    junkValue.map((v) => JSON.stringify(v) ?? "null"),
  )
  .map((body) => ({ method: "POST" as const, path: "/sandbox/clock", body }));

const call: fc.Arbitrary<ControlCall> = fc.oneof(
  // GET /sandbox/requests?orderId=&before=&limit=
  { weight: 3, arbitrary: requestsCall },
  // POST /sandbox/clock
  { weight: 2, arbitrary: clockCall },
  fc.constantFrom<ControlCall>(
    { method: "GET", path: "/sandbox/clock" },
    { method: "DELETE", path: "/sandbox/clock" },
    { method: "DELETE", path: "/sandbox/clock?reset=1" },
    { method: "GET", path: "/sandbox/runs" },
    { method: "GET", path: "/sandbox/runs?limit=%FF" },
  ),
  // POST /sandbox/runs
  fc
    .record(
      {
        label: fc.oneof(nastyString, junkValue),
        secret: fc.oneof(nastyString, junkValue),
        chaos: fc.oneof(
          chaosJson.map((c) => JSON.parse(c) as unknown),
          junkValue,
        ),
      },
      { requiredKeys: [] },
    )
    .map((body) => ({ method: "POST" as const, path: "/sandbox/runs", body: JSON.stringify(body) })),
  // Run reset and end, order controls, with any segment.
  fc
    .record({
      which: fc.constantFrom("reset", "end", "status", "chaos", "resend", "order"),
      segment,
      callback: segment,
      status: fc.oneof(fc.constantFrom("Success", "Failed", "Expired"), nastyString),
      chaos: chaosJson,
    })
    .map(({ which, segment: s, callback, status, chaos }): ControlCall => {
      const id = s === "(order)" ? orderId : s === "(run)" ? runId : s;
      switch (which) {
        case "reset":
          return { method: "POST", path: `/sandbox/runs/${id}/reset`, body: "{}" };
        case "end":
          return { method: "DELETE", path: `/sandbox/runs/${id}` };
        case "status":
          return { method: "POST", path: `/sandbox/orders/${id}/status`, body: JSON.stringify({ status }) };
        case "chaos":
          return { method: "POST", path: `/sandbox/orders/${id}/chaos`, body: chaos };
        case "resend":
          return { method: "POST", path: `/sandbox/orders/${id}/callbacks/${callback}/resend`, body: "{}" };
        default:
          return { method: "GET", path: `/sandbox/orders/${id}` };
      }
    }),
  // The API's one query parameter.
  fc.oneof(nastyString, fc.constantFrom("RU", "ru", "BR", "XX", "")).map((country) => ({
    method: "GET" as const,
    path: `/api/v1/bank/available?country=${percentText(country)}`,
  })),
  // The operator page's sign-in, with any Authorization header.
  fc
    .oneof(
      fc
        .tuple(fc.oneof(nastyString, fc.constant(TEST_ACCOUNT.clientId)), nastyString)
        .map(([user, password]) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`),
      fc.constantFrom("Basic", "Basic !!!", "Bearer x", "Basic Og==", `Basic ${"A".repeat(10_000)}`),
    )
    .map((authorization) => ({
      method: "GET" as const,
      path: "/sandbox",
      headers: { authorization },
      signed: false,
    })),
);

async function send(c: ControlCall): Promise<Response> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.body !== undefined) headers["content-type"] = "application/json";
  if (c.signed !== false) {
    headers["x-client-id"] = TEST_ACCOUNT.clientId;
    headers["x-signature"] =
      c.method === "POST"
        ? signRequest(TEST_ACCOUNT.secret, { method: "POST", body: c.body ?? "" })
        : signRequest(TEST_ACCOUNT.secret, { method: c.method, pathWithQuery: c.path });
  }
  return fetch(url + c.path, {
    method: c.method,
    headers,
    body: c.body,
    signal: AbortSignal.timeout(20_000),
  });
}

describe("sandbox controls fuzz", () => {
  it(`${RUNS} generated control calls: no 5xx, and the account still works afterwards`, async () => {
    const statuses = new Map<number, number>();
    await assertFuzz(
      "sandbox controls",
      call,
      async (c) => {
        const res = await send(c);
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${c.method} ${c.path} ${c.body ?? ""}: ${text.slice(0, 300)}`).toBeLessThan(500);
      },
      RUNS,
    );
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    const api = signedClient(url);
    expect((await api.get("/sandbox/clock")).status).toBe(200);
    const created = await api.post("/api/v1/payin/create", samplePayinRequest("SBP"));
    expect(created.status, await created.clone().text()).toBe(200);
  }, 300_000);
});
