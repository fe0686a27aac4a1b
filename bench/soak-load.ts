/**
 * The soak's mixed load (bench/soak.ts): simulated operators on the dashboard's HTTP surface, each in a loop
 * of weighted operations until told to stop —
 * - pay-ins and pay-outs created through the real server actions (a POST with the Next-Action header, as
 *   bench/dashboard-action.ts sends it), some with the amounts whose cents make the sandbox settle the order at
 *   once (docs/qa.md, Triggers: .14 Success, .13 Failed), so the sandbox's signed callbacks reach
 *   /api/postback throughout;
 * - an order's page and its customer pay page (/pay/<token> and /api/pay/<token>);
 * - the list queries: the orders page, the live-status poll and the overview poll.
 * Every answer is timed and counted per kind; a non-2xx answer, a refused action or a thrown fetch is an error.
 */
import { SANDBOX_AMOUNT_TRIGGERS } from "@/lib/contract";
import { samplePayinRequest, samplePayoutRequest } from "@/lib/contract/samples";
import { actionValues } from "@/lib/orders/form-normalise";
import { percentile } from "./dashboard-support";

export interface SoakTarget {
  url: string;
  /** The operator's session cookie value. */
  session: string;
  payinActionId: string;
  payoutActionId: string;
}

interface KindStats {
  count: number;
  errors: number;
  /** The first few errors, to print. */
  firstErrors: string[];
  /** [start time (ms since the load began), latency ms] of each answer. */
  samples: [number, number][];
}

/** The final status an order's amount asks the sandbox for (its callback), or null: stays In progress. */
type Expected = "Success" | "Failed" | null;

/** The cents that make the sandbox settle an order in both directions at once with `status` (the contract's table). */
function settlingCents(status: "Success" | "Failed"): number {
  const trigger = SANDBOX_AMOUNT_TRIGGERS.find((t) => t.status === status && t.directions.length === 2);
  if (!trigger) throw new Error(`no sandbox trigger settles both directions as ${status}`);
  return trigger.cents;
}

/** Amounts' cents and what they ask for: two in five Success, one Failed, two left In progress. */
const SETTLING_CENTS: [number, Expected][] = [
  [settlingCents("Success"), "Success"],
  [settlingCents("Success"), "Success"],
  [settlingCents("Failed"), "Failed"],
  [0, null],
  [0, null],
];

const WEIGHTS: [number, (load: SoakLoad) => Promise<void>][] = [
  [3, (l) => l.createOrder("payin")],
  [2, (l) => l.createOrder("payout")],
  [3, (l) => l.viewOrderAndPayPage()],
  [4, (l) => l.listQueries()],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((s, [w]) => s + w, 0);

export class SoakLoad {
  readonly kinds = new Map<string, KindStats>();
  /** Orders created, with the status their callback should bring. */
  readonly orders: { id: string; direction: "payin" | "payout"; expected: Expected }[] = [];
  private readonly started = Date.now();
  private stopped = false;

  constructor(
    private readonly target: SoakTarget,
    private readonly pauseMs: number,
  ) {}

  /** `users` loops of random operations until stop(); resolves when all have ended. */
  async run(users: number): Promise<void> {
    await Promise.all(
      Array.from({ length: users }, async () => {
        while (!this.stopped) {
          await this.randomOperation();
          if (this.pauseMs > 0) await new Promise((r) => setTimeout(r, this.pauseMs));
        }
      }),
    );
  }

  stop(): void {
    this.stopped = true;
  }

  private randomOperation(): Promise<void> {
    let pick = Math.random() * TOTAL_WEIGHT;
    for (const [weight, operation] of WEIGHTS) {
      pick -= weight;
      if (pick < 0) return operation(this);
    }
    return WEIGHTS[0]![1](this);
  }

  /** Times `call`, which returns an error text or null, and counts it under `kind`. */
  private async timed<T>(kind: string, call: () => Promise<{ error: string | null; value?: T }>) {
    const stats = this.kinds.get(kind) ?? { count: 0, errors: 0, firstErrors: [], samples: [] };
    this.kinds.set(kind, stats);
    const t0 = Date.now();
    let outcome: { error: string | null; value?: T };
    try {
      outcome = await call();
    } catch (error) {
      outcome = { error: error instanceof Error ? `${error.message} ${error.cause ?? ""}` : String(error) };
    }
    stats.count++;
    stats.samples.push([t0 - this.started, Date.now() - t0]);
    if (outcome.error !== null) {
      stats.errors++;
      if (stats.firstErrors.length < 5) stats.firstErrors.push(outcome.error.slice(0, 300));
    }
    return outcome.value;
  }

  private get(path: string, withSession = true): Promise<Response> {
    return fetch(`${this.target.url}${path}`, {
      headers: withSession ? { Cookie: `dashboard_session=${this.target.session}` } : {},
      // A redirect (to the sign-in page) is an error here, not a page to follow.
      redirect: "manual",
    });
  }

  async createOrder(direction: "payin" | "payout"): Promise<void> {
    const [cents, expected] = SETTLING_CENTS[Math.floor(Math.random() * SETTLING_CENTS.length)]!;
    const amount = 1500 + cents / 100;
    const values =
      direction === "payin"
        ? actionValues(samplePayinRequest(Math.random() < 0.5 ? "Card" : "SBP", { amount }))
        : actionValues(samplePayoutRequest("BankAccount", { amount }));
    const id = await this.timed(`create ${direction} (server action)`, async () => {
      const res = await fetch(`${this.target.url}/${direction}s/new`, {
        method: "POST",
        headers: {
          "Next-Action": direction === "payin" ? this.target.payinActionId : this.target.payoutActionId,
          "Content-Type": "text/plain;charset=UTF-8",
          Accept: "text/x-component",
          Origin: this.target.url,
          Cookie: `dashboard_session=${this.target.session}`,
        },
        body: JSON.stringify([values]),
      });
      const text = await res.text();
      const orderId = /"orderId":"([0-9a-f-]{36})"/.exec(text)?.[1];
      if (!res.ok || !text.includes('"ok":true') || !orderId)
        return { error: `${res.status}: ${text.slice(0, 200)}` };
      return { error: null, value: orderId };
    });
    if (id) this.orders.push({ id, direction, expected });
  }

  async viewOrderAndPayPage(): Promise<void> {
    const payins = this.orders.filter((o) => o.direction === "payin").slice(-50);
    const order = payins[Math.floor(Math.random() * payins.length)];
    if (!order) return this.createOrder("payin");
    const payPath = await this.timed("order page", async () => {
      const res = await this.get(`/orders/${order.id}`);
      const html = await res.text();
      if (res.status !== 200) return { error: `GET /orders/<id> ${res.status}` };
      return { error: null, value: /\/pay\/([A-Za-z0-9_-]{16,})/.exec(html)?.[0] };
    });
    if (!payPath) return;
    await this.timed("pay page", async () => {
      const res = await this.get(payPath, false);
      await res.arrayBuffer();
      return { error: res.status === 200 ? null : `GET /pay/<token> ${res.status}` };
    });
    await this.timed("pay page poll (/api/pay)", async () => {
      const res = await this.get(`/api${payPath}`, false);
      await res.arrayBuffer();
      return { error: res.status === 200 ? null : `GET /api/pay/<token> ${res.status}` };
    });
  }

  async listQueries(): Promise<void> {
    const page = (path: string, kind: string) =>
      this.timed(kind, async () => {
        const res = await this.get(path);
        await res.arrayBuffer();
        return { error: res.status === 200 ? null : `GET ${path.split("?")[0]} ${res.status}` };
      });
    await page("/orders", "orders list page");
    const ids = this.orders.slice(-50).map((o) => o.id);
    if (ids.length > 0) await page(`/api/orders/status?ids=${ids.join(",")}`, "live-status poll");
    await page("/api/overview", "overview poll");
  }

  /** Median latency of every answer that started in [from, to) ms of the load, and how many there were. */
  medianLatency(from: number, to: number): { ms: number; n: number } {
    const inWindow = [...this.kinds.values()].flatMap((k) =>
      k.samples.filter(([at]) => at >= from && at < to).map(([, ms]) => ms),
    );
    return { ms: percentile(inWindow, 50), n: inWindow.length };
  }

  /** The statuses the dashboard shows for these orders now (GET /api/orders/status, 200 ids at a time). */
  async statuses(ids: string[]): Promise<Map<string, string>> {
    const seen = new Map<string, string>();
    for (let i = 0; i < ids.length; i += 200) {
      const res = await this.get(`/api/orders/status?ids=${ids.slice(i, i + 200).join(",")}`);
      if (res.status !== 200) throw new Error(`GET /api/orders/status answered ${res.status}`);
      const body = (await res.json()) as { orders: { id: string; status: string }[] };
      for (const o of body.orders) seen.set(o.id, o.status);
    }
    return seen;
  }
}
