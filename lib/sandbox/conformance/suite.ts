/**
 * The conformance suite for a merchant's callback receiver (`check-receiver`): a fixed list of deliveries,
 * their ids drawn from a seed, each built with the contract's callback shape and signed by the dispatcher's
 * own callbackAuthHeaders (lib/signing), and graded on what is observable over HTTP alone: the status code
 * and how long the answer took. The cases and what each expects: docs/qa.md, Check your callback receiver. */
import { createHash } from "node:crypto";
import { CALLBACK_HEADERS, type CallbackPayload, callbackPayloadSchema } from "../../contract";
import { callbackAuthHeaders } from "../callback-signing";
import { CALLBACK_TIMEOUT_MS } from "../options";
import { type Answer, type Delivery, deliver } from "./send";

export interface ConformanceOptions {
  /** The receiver's postbackUrl. */
  url: string;
  clientId: string;
  secret: string;
  /** The other secret of a rotation; without it the rotation case is skipped. */
  secret2?: string | undefined;
  /** The service's id of an order the receiver knows (default: one drawn from the seed). */
  orderId?: string | undefined;
  /** That order's paymentId in the merchant's system (default: one drawn from the seed). */
  paymentId?: string | undefined;
  type?: "payin" | "payout" | undefined;
  paymentMethod?: string | undefined;
  amount?: number | undefined;
  country?: string | undefined;
  /** The final status the valid callback carries (default Success). */
  status?: string | undefined;
  seed?: number | undefined;
  /** How long an answer may take (default: the service's own callback timeout). */
  timeoutMs?: number | undefined;
  /** How many identical deliveries the concurrency case sends at once (default 8). */
  concurrency?: number | undefined;
  /** Over how long the slow sender trickles its body (default 3 s). */
  slowMs?: number | undefined;
  /** The oversized body's size in bytes (default 1 MiB). */
  oversizedBytes?: number | undefined;
  /** Called as each case ends (progress on a console). */
  onCase?: ((result: CaseResult) => void) | undefined;
}

export type CaseStatus = "passed" | "failed" | "skipped";

export interface Attempt {
  /** What this delivery was (e.g. "signed with --secret2"). */
  what: string;
  webhookId: string | null;
  status: number | null;
  ms: number;
  error: string | null;
  bodyPreview: string;
}

export interface CaseResult {
  id: string;
  name: string;
  /** What the case expects, in a sentence. */
  expects: string;
  status: CaseStatus;
  /** Why it failed or was skipped; what came, when it passed. */
  detail: string;
  ms: number;
  attempts: Attempt[];
}

export interface ConformanceReport {
  url: string;
  clientId: string;
  seed: number;
  orderId: string;
  paymentId: string;
  timeoutMs: number;
  startedAt: string;
  finishedAt: string;
  passed: number;
  failed: number;
  skipped: number;
  cases: CaseResult[];
}

export const DEFAULT_SEED = 1;
export const DEFAULT_CONCURRENCY = 8;
export const DEFAULT_SLOW_MS = 3_000;
export const DEFAULT_OVERSIZED_BYTES = 1024 * 1024;
/** How far off the stale and future cases' webhook-timestamp is (the usual tolerance is 5 minutes). */
export const TIMESTAMP_SKEW_SECONDS = 10 * 60;

/** A UUIDv4-shaped id drawn from the seed and a label: the same run sends the same ids. */
export function seededUuid(seed: number, label: string): string {
  const h = createHash("sha256").update(`${seed}:${label}`).digest("hex");
  const variant = ((Number.parseInt(h[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type Expect = "accepted" | "refused" | "answered" | "refused-or-closed";

const EXPECTATIONS: Record<Expect, string> = {
  accepted: "a 2xx answer within the timeout",
  refused: "a 4xx answer within the timeout (never 2xx, never 5xx)",
  answered: "an answer within the timeout after the last byte: 2xx or 4xx, never 5xx",
  "refused-or-closed": "4xx (413 preferred) or the connection closed; never 2xx, 5xx or no answer",
};

const is2xx = (s: number | null) => s !== null && s >= 200 && s < 300;
const is4xx = (s: number | null) => s !== null && s >= 400 && s < 500;

function grade(expect: Expect, answer: Answer): string | null {
  const got = answer.status === null ? (answer.error ?? "no answer") : `HTTP ${answer.status}`;
  switch (expect) {
    case "accepted":
      return is2xx(answer.status) ? null : `expected 2xx, got ${got}`;
    case "refused":
      return is4xx(answer.status) ? null : `expected a 4xx refusal, got ${got}`;
    case "answered":
      return is2xx(answer.status) || is4xx(answer.status) ? null : `expected 2xx or 4xx, got ${got}`;
    case "refused-or-closed":
      if (is4xx(answer.status)) return null;
      // Closing on an oversized body is a refusal too; a refused connection or no answer in time is not.
      if (answer.status === null && /ECONNRESET|EPIPE|closed with no answer/.test(answer.error ?? ""))
        return null;
      return `expected a 4xx refusal (413) or a closed connection, got ${got}`;
  }
}

interface CaseDefinition {
  id: string;
  name: string;
  expect: Expect;
  /** Extra words on the expectation. */
  note?: string;
  /** Why the case is skipped, when it is. */
  skip?: () => string | null;
  deliveries: () => PlannedDelivery[];
  /** Sends them all at once rather than one after another. */
  concurrent?: boolean;
}

interface PlannedDelivery {
  what: string;
  delivery: Delivery;
  webhookId: string | null;
}

interface SignOptions {
  /** The key of X-Signature; null leaves X-Signature out. */
  xKey: string | null;
  /** The keys of webhook-signature (one `v1,` each); empty leaves the Standard Webhooks signature out. */
  whKeys: string[];
  clientId: string;
  webhookId: string;
  timestamp: number;
}

/** The headers the service sends with a callback, signed as asked (the dispatcher's own signing). */
function callbackHeaders(body: string, o: SignOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "payorders-sandbox-check-receiver/1",
    ...callbackAuthHeaders(body, {
      contract: { clientId: o.clientId, key: o.xKey ?? "" },
      standard: { webhookId: o.webhookId, timestamp: o.timestamp, keys: o.whKeys },
    }),
  };
  // The client id, webhook-id and timestamp stay when a signature is left out: only the signature is missing.
  if (o.xKey === null) delete headers[CALLBACK_HEADERS.signature];
  if (o.whKeys.length === 0) delete headers[CALLBACK_HEADERS.webhookSignature];
  return headers;
}

/** Runs every case in order (each on its own, the concurrent one excepted) and returns the graded report. */
export async function checkReceiver(options: ConformanceOptions): Promise<ConformanceReport> {
  const seed = options.seed ?? DEFAULT_SEED;
  const timeoutMs = options.timeoutMs ?? CALLBACK_TIMEOUT_MS;
  const orderId = options.orderId ?? seededUuid(seed, "order");
  const paymentId = options.paymentId ?? seededUuid(seed, "payment");
  const startedAt = new Date();
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const eventId = (label: string) => seededUuid(seed, `event:${label}`);

  const payload = (status: string, updatedAt: Date, extra: Record<string, unknown> = {}): string => {
    const p: CallbackPayload = callbackPayloadSchema.parse({
      id: orderId,
      paymentId,
      type: options.type ?? "payin",
      status,
      amount: options.amount ?? 1500,
      paymentMethod: options.paymentMethod ?? "Card",
      country: options.country ?? "RU",
      updatedAt: updatedAt.toISOString(),
    });
    return JSON.stringify({ ...p, ...extra });
  };
  const signed = (
    what: string,
    body: string,
    webhookId: string,
    overrides: Partial<SignOptions> = {},
  ): PlannedDelivery => ({
    what,
    webhookId,
    delivery: {
      body,
      headers: callbackHeaders(body, {
        xKey: options.secret,
        whKeys: [options.secret],
        clientId: options.clientId,
        webhookId,
        timestamp: nowSeconds(),
        ...overrides,
      }),
    },
  });

  // The valid callback's event: the duplicate and the concurrent case send it again, as the service's retry would.
  const finalAt = new Date(startedAt.getTime() - 1_000);
  const finalBody = payload(options.status ?? "Success", finalAt);
  const finalEvent = eventId("final");

  const cases: CaseDefinition[] = [
    {
      id: "valid",
      name: "A valid callback",
      expect: "accepted",
      note: "signed in both header styles, as the service sends it",
      deliveries: () => [signed("the final status, signed", finalBody, finalEvent)],
    },
    {
      id: "duplicate",
      name: "The same callback again",
      expect: "accepted",
      note: "same webhook-id and body, signed afresh like the service's retry; idempotent",
      deliveries: () => [signed("the same event again", finalBody, finalEvent)],
    },
    {
      id: "out-of-order",
      name: "An older status after a newer one",
      expect: "accepted",
      note: "`In progress` dated before the final status; must not regress the order, which HTTP cannot show",
      deliveries: () => [
        signed(
          "In progress, older",
          payload("In progress", new Date(finalAt.getTime() - 60_000)),
          eventId("older"),
        ),
      ],
    },
    {
      id: "late",
      name: "A late callback",
      expect: "accepted",
      note: "a new event whose updatedAt is an hour old, delivered now (signed now)",
      deliveries: () => [
        signed(
          "an hour-late event",
          payload(options.status ?? "Success", new Date(finalAt.getTime() - 3_600_000)),
          eventId("late"),
        ),
      ],
    },
    {
      id: "bad-signature",
      name: "A bad signature",
      expect: "refused",
      note: "both signatures made with a wrong key",
      deliveries: () => [
        signed("signed with a wrong key", finalBody, eventId("bad-signature"), {
          xKey: `${options.secret}:not-the-secret`,
          whKeys: [`${options.secret}:not-the-secret`],
        }),
      ],
    },
    {
      id: "no-signature",
      name: "No signature",
      expect: "refused",
      note: "neither X-Signature nor webhook-signature",
      deliveries: () => [signed("unsigned", finalBody, eventId("no-signature"), { xKey: null, whKeys: [] })],
    },
    {
      id: "wrong-client-id",
      name: "A wrong client id",
      expect: "refused",
      note: "X-Client-Id of another account, signatures otherwise valid",
      deliveries: () => [
        signed("another X-Client-Id", finalBody, eventId("wrong-client-id"), {
          clientId: `${options.clientId}-not-this-account`,
        }),
      ],
    },
    {
      id: "stale-timestamp",
      name: "A stale timestamp",
      expect: "refused",
      note: `webhook-timestamp ${TIMESTAMP_SKEW_SECONDS / 60} minutes old, signed with it (a replay)`,
      deliveries: () => [
        signed("timestamp in the past", finalBody, eventId("stale-timestamp"), {
          timestamp: nowSeconds() - TIMESTAMP_SKEW_SECONDS,
        }),
      ],
    },
    {
      id: "future-timestamp",
      name: "A future timestamp",
      expect: "refused",
      note: `webhook-timestamp ${TIMESTAMP_SKEW_SECONDS / 60} minutes ahead, signed with it`,
      deliveries: () => [
        signed("timestamp in the future", finalBody, eventId("future-timestamp"), {
          timestamp: nowSeconds() + TIMESTAMP_SKEW_SECONDS,
        }),
      ],
    },
    {
      id: "rotation",
      name: "Both secrets during a rotation",
      expect: "accepted",
      note: "one delivery signed with --secret, one with --secret2, one as the service sends while rotating (X-Signature with --secret, webhook-signature with both)",
      skip: () => (options.secret2 ? null : "no --secret2 given: there is no rotation to check"),
      deliveries: () => {
        const two = options.secret2 ?? "";
        return [
          signed("signed with --secret", finalBody, eventId("rotation-1")),
          signed("signed with --secret2", finalBody, eventId("rotation-2"), { xKey: two, whKeys: [two] }),
          signed("webhook-signature with both", finalBody, eventId("rotation-both"), {
            whKeys: [options.secret, two],
          }),
        ];
      },
    },
    {
      id: "oversized",
      name: "An oversized body",
      expect: "refused-or-closed",
      note: `a signed, well-formed callback padded to ${options.oversizedBytes ?? DEFAULT_OVERSIZED_BYTES} bytes`,
      deliveries: () => {
        const size = options.oversizedBytes ?? DEFAULT_OVERSIZED_BYTES;
        const bare = payload(options.status ?? "Success", finalAt, { padding: "" });
        const body = payload(options.status ?? "Success", finalAt, {
          padding: "x".repeat(Math.max(0, size - Buffer.byteLength(bare))),
        });
        return [signed(`${Buffer.byteLength(body)} bytes`, body, eventId("oversized"))];
      },
    },
    {
      id: "slow-sender",
      name: "A slow sender",
      expect: "answered",
      note: `the valid callback's body trickled over ${options.slowMs ?? DEFAULT_SLOW_MS} ms; the receiver must answer, not hang`,
      deliveries: () => {
        const d = signed("trickled", finalBody, finalEvent);
        d.delivery.trickle = { chunks: 20, overMs: options.slowMs ?? DEFAULT_SLOW_MS };
        return [d];
      },
    },
    {
      id: "concurrent-duplicates",
      name: "Concurrent duplicates",
      expect: "accepted",
      note: `${options.concurrency ?? DEFAULT_CONCURRENCY} identical deliveries of one new event at once: every one 2xx`,
      concurrent: true,
      deliveries: () => {
        const id = eventId("concurrent");
        const body = payload(options.status ?? "Success", finalAt);
        const one = signed("one of the copies", body, id);
        return Array.from({ length: options.concurrency ?? DEFAULT_CONCURRENCY }, (_, i) => ({
          ...one,
          what: `copy ${i + 1}`,
        }));
      },
    },
  ];

  const results: CaseResult[] = [];
  for (const c of cases) {
    const expects = `${EXPECTATIONS[c.expect]} (${c.note ?? ""})`;
    const skipped = c.skip?.() ?? null;
    if (skipped) {
      const result: CaseResult = {
        id: c.id,
        name: c.name,
        expects,
        status: "skipped",
        detail: skipped,
        ms: 0,
        attempts: [],
      };
      results.push(result);
      options.onCase?.(result);
      continue;
    }
    const started = performance.now();
    const planned = c.deliveries();
    const send = (p: PlannedDelivery) => deliver(options.url, p.delivery, timeoutMs);
    const answers = c.concurrent
      ? await Promise.all(planned.map(send))
      : await planned.reduce<Promise<Answer[]>>(
          async (done, p) => [...(await done), await send(p)],
          Promise.resolve([]),
        );
    const attempts: Attempt[] = planned.map((p, i) => {
      const a = answers[i] as Answer;
      return { what: p.what, webhookId: p.webhookId, ...a };
    });
    const failures = attempts
      .map((a) => {
        const problem = grade(c.expect, a);
        return problem ? (attempts.length > 1 ? `${a.what}: ${problem}` : problem) : null;
      })
      .filter((f): f is string => f !== null);
    const got = [
      ...new Set(attempts.map((a) => (a.status === null ? (a.error ?? "no answer") : `HTTP ${a.status}`))),
    ];
    const result: CaseResult = {
      id: c.id,
      name: c.name,
      expects,
      status: failures.length > 0 ? "failed" : "passed",
      detail: failures.length > 0 ? failures.join("; ") : `got ${got.join(", ")}`,
      ms: Math.round(performance.now() - started),
      attempts,
    };
    results.push(result);
    options.onCase?.(result);
  }
  const count = (s: CaseStatus) => results.filter((r) => r.status === s).length;
  return {
    url: options.url,
    clientId: options.clientId,
    seed,
    orderId,
    paymentId,
    timeoutMs,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    passed: count("passed"),
    failed: count("failed"),
    skipped: count("skipped"),
    cases: results,
  };
}
