/**
 * Every verb of the sandbox CLI against a real sandbox over HTTP: in-process through run(argv, io), and once
 * as a child process (node with the tsx loader, as npm run sandbox:cli runs it) for the exit codes and the
 * environment variables. check-receiver has its own tests (lib/sandbox/conformance).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SandboxOrder } from "@/lib/contract";
import { sandboxKit } from "@/lib/sandbox/kit";
import { type ScratchSandbox, startScratchSandbox, TEST_ACCOUNT } from "@/lib/testing/sandbox-fixture";
import { type CallbackReceiver, startCallbackReceiver } from "@/lib/testing/sandbox-http";
import { joinDashValues, parseDuration } from "./arguments";
import { EXIT, run } from "./run";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const MAIN = path.join(ROOT, "lib", "sandbox", "cli", "main.ts");

let scratch: ScratchSandbox | undefined;
let url: string;
let recorder: CallbackReceiver;

beforeAll(async () => {
  scratch = await startScratchSandbox("sandbox_cli", {
    callbackRetrySchedule: [50],
    dispatcherPollMs: 20,
    rateLimit: 0,
  });
  url = scratch.sandbox.url;
  recorder = await startCallbackReceiver();
});

afterAll(async () => {
  await recorder?.close();
  await scratch?.close();
});

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** `create payin --method Card --amount 1500` and whatever follows. */
const createCardPayin = (...more: string[]) => [
  "create",
  "payin",
  "--method",
  "Card",
  "--amount",
  "1500",
  ...more,
];

/** The CLI in-process, connected to the scratch sandbox as TEST_ACCOUNT unless the args say otherwise. */
async function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(args, {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    env: {
      SANDBOX_URL: url,
      PAYMENT_API_CLIENT_ID: TEST_ACCOUNT.clientId,
      PAYMENT_API_SECRET: TEST_ACCOUNT.secret,
      ...env,
    },
  });
  return { code, stdout: out.join(""), stderr: err.join("") };
}

const json = <T>(ran: Ran): T => {
  expect(ran.stderr).toBe("");
  expect(ran.code).toBe(EXIT.ok);
  return JSON.parse(ran.stdout) as T;
};

const kit = () => sandboxKit({ baseUrl: url, ...TEST_ACCOUNT });

async function createPayin(): Promise<string> {
  const created = json<{ response: { id: string } }>(
    await cli(createCardPayin("--set", `postbackUrl=${recorder.url}`, "--json")),
  );
  return created.response.id;
}

async function callbacksOf(id: string, count: number): Promise<SandboxOrder> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const order = await kit().order(id);
    if (order.callbacks.filter((c) => c.state === "delivered").length >= count || Date.now() > deadline)
      return order;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("create", () => {
  it("builds a pay-in from the contract's sample, applies --amount and every --set path, and prints the order", async () => {
    const ran = await cli([
      "create",
      "payin",
      "--method",
      "SBP",
      "--amount",
      "2500.5",
      "--set",
      "client.email=qa@example.com",
      "--set",
      `postbackUrl=${recorder.url}`,
      "--set",
      "addRandomCents=false",
      "--json",
    ]);
    const { request, response } = json<{
      request: Record<string, unknown>;
      response: { id: string; status: string };
    }>(ran);
    expect(request).toMatchObject({
      amount: 2500.5,
      paymentMethod: "SBP",
      addRandomCents: false,
      postbackUrl: recorder.url,
    });
    expect((request.client as { email: string }).email).toBe("qa@example.com");
    expect(response.status).toBe("In progress");
    const order = await kit().order(response.id);
    expect(order).toMatchObject({ amount: 2500.5, paymentMethod: "SBP", postbackUrl: recorder.url });
  });

  it("creates a pay-out (human output)", async () => {
    const ran = await cli(["create", "payout", "--method", "Card", "--amount", "700"]);
    expect(ran.code).toBe(EXIT.ok);
    expect(ran.stdout).toMatch(/^created payout [0-9a-f-]{36}: In progress \(paymentId [0-9a-f-]{36}\)\n$/);
  });

  it("reads each --set by the contract field's type: digits for a text field stay text; := sends JSON as given", async () => {
    const card = await cli([
      "create",
      "payout",
      "--method",
      "Card",
      "--amount",
      "700",
      "--set",
      "payoutDetails.ccNo=4000000000000002",
      "--set",
      "client.phone=+5511912345678",
      "--json",
    ]);
    expect(card.code, card.stderr).toBe(EXIT.ok);
    const { request } = json<{ request: { payoutDetails: { ccNo: unknown }; client: { phone: unknown } } }>(
      card,
    );
    expect(request.payoutDetails.ccNo).toBe("4000000000000002");
    expect(request.client.phone).toBe("+5511912345678");

    const asText = await cli(createCardPayin("--set", 'amount:="1500"', "--json"));
    expect(asText.code).toBe(EXIT.failed);
    const refused = JSON.parse(asText.stderr) as { problem: { errors: { path: string }[] } };
    expect(refused.problem.errors.map((e) => e.path)).toEqual(["amount"]);

    const badJson = await cli(createCardPayin("--set", "amount:=15x"));
    expect(badJson.code).toBe(EXIT.usage);
    expect(badJson.stderr).toContain('--set amount:= wants JSON, got "15x"');
    expect((await cli(["--help"])).stdout).toMatch(/text field of the contract — card number, phone, id/);
  });

  it("prints the problem's fields on stderr and exits 1 when the sandbox refuses", async () => {
    const ran = await cli([
      "create",
      "payout",
      "--method",
      "Card",
      "--amount",
      "700",
      "--set",
      "payoutDetails.ccNo=1234",
    ]);
    expect(ran.code).toBe(EXIT.failed);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toMatch(/status: 400/);
    expect(ran.stderr).toMatch(/title: /);
    expect(ran.stderr).toMatch(/field payoutDetails\.ccNo: /);
  });

  it("with --json, the refusal is one JSON object on stderr", async () => {
    const ran = await cli(createCardPayin("--set", "country=ZZZ", "--json"));
    expect(ran.code).toBe(EXIT.failed);
    const problem = JSON.parse(ran.stderr) as { status: number; problem: { errors: { path: string }[] } };
    expect(problem.status).toBe(400);
    expect(problem.problem.errors.map((e) => e.path)).toContain("country");
  });

  it.each([
    [["create", "payin", "--amount", "10"], /needs --method/],
    [["create", "payin", "--method", "Bogus"], /not a pay-in method/],
    [["create", "refund", "--method", "Card"], /create payin\|payout/],
    [["create", "payin", "--method", "Card", "--amount=-1"], /--amount must be a number above 0/],
    [["create", "payin", "--method", "Card", "--amount", "ten"], /--amount must be a number above 0/],
    [["create", "payin", "--method", "Card", "--set", "novalue"], /--set wants <path>=<value>/],
  ])("usage error %j: exit 2 with the verb's usage line", async (args, message) => {
    const ran = await cli(args);
    expect(ran.code).toBe(EXIT.usage);
    expect(ran.stderr).toMatch(message);
    expect(ran.stderr).toMatch(/usage: sandbox-cli create payin\|payout/);
  });
});

describe("trigger and callbacks resend", () => {
  it("marks an order paid, and its callback reaches the postbackUrl", async () => {
    const id = await createPayin();
    const ran = await cli(["trigger", "paid", id]);
    expect(ran.code).toBe(EXIT.ok);
    expect(ran.stdout).toMatch(new RegExp(`^order ${id}: Success \\(payin Card 1500 RUB\\)`));
    const order = await callbacksOf(id, 1);
    expect(order.status).toBe("Success");
    expect(order.callbacks.map((c) => c.state)).toEqual(["delivered"]);
  });

  it.each([
    ["failed", "Failed"],
    ["expired", "Expired"],
  ])("trigger %s", async (verb, status) => {
    const id = await createPayin();
    const order = json<SandboxOrder>(await cli(["trigger", verb, id, "--json"]));
    expect(order.status).toBe(status);
  });

  it("refuses to move a final order (exit 1, the problem on stderr)", async () => {
    const id = await createPayin();
    await cli(["trigger", "failed", id]);
    const ran = await cli(["trigger", "paid", id]);
    expect(ran.code).toBe(EXIT.failed);
    expect(ran.stderr).toMatch(/status: 409/);
  });

  it("resends the latest callback, or the one named", async () => {
    const id = await createPayin();
    await cli(["trigger", "paid", id]);
    const first = await callbacksOf(id, 1);
    const webhookId = first.callbacks[0]?.webhookId ?? "";
    const delivered = (n: number) =>
      vi.waitFor(
        async () => {
          const cb = (await kit().order(id)).callbacks[0];
          expect(cb?.attempts.length).toBe(n);
          expect(cb?.state).toBe("delivered");
          expect(recorder.received.filter((r) => r.headers["webhook-id"] === webhookId)).toHaveLength(n);
        },
        { timeout: 10_000 },
      );
    await delivered(1);
    const ran = await cli(["callbacks", "resend", id]);
    expect(ran.code).toBe(EXIT.ok);
    expect(ran.stdout).toContain(`callback ${webhookId} resent`);
    // A resend while an attempt of it is in flight is refused (409): wait for this one first.
    await delivered(2);
    const named = json<SandboxOrder>(await cli(["callbacks", "resend", id, webhookId, "--json"]));
    expect(named.id).toBe(id);
    await delivered(3);
  });

  it("a resend of an unknown webhook id is the sandbox's 404", async () => {
    const id = await createPayin();
    const ran = await cli(["callbacks", "resend", id, "no-such-webhook"]);
    expect(ran.code).toBe(EXIT.failed);
    expect(ran.stderr).toMatch(/status: 404/);
  });

  it("usage: trigger needs one of paid|failed|expired and an order id", async () => {
    expect((await cli(["trigger", "refunded", "x"])).code).toBe(EXIT.usage);
    expect((await cli(["trigger", "paid"])).code).toBe(EXIT.usage);
    expect((await cli(["callbacks", "replay", "x"])).code).toBe(EXIT.usage);
    expect((await cli(["trigger", "toString", "x"])).code).toBe(EXIT.usage);
    const unknown = await cli(["constructor"]);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.stderr).toMatch(/^unknown verb "constructor"/);
  });
});

describe("requests", () => {
  it("lists the account's requests, filtered by order", async () => {
    const id = await createPayin();
    await cli(["trigger", "paid", id]);
    // The request log is written after each answer: wait for the trigger's entry.
    let requests: { orderId: string | null; path: string; status: number }[] = [];
    await vi.waitFor(
      async () => {
        ({ requests } = json<{ requests: typeof requests }>(
          await cli(["requests", "--order", id, "--json"]),
        ));
        expect(requests.length).toBeGreaterThanOrEqual(2);
      },
      { timeout: 10_000 },
    );
    expect(requests.every((r) => r.orderId === id)).toBe(true);
    expect(requests.map((r) => r.path)).toContain("/api/v1/payin/create");
    const human = await cli(["requests", "--order", id, "--limit", "1"]);
    expect(human.code).toBe(EXIT.ok);
    expect(human.stdout.trim().split("\n")).toHaveLength(1);
    expect(human.stdout).toMatch(/POST \/sandbox\/orders\/.+\/status {2}200/);
  });

  it("a bad filter is the sandbox's 400", async () => {
    const ran = await cli(["requests", "--order", "not-a-uuid"]);
    expect(ran.code).toBe(EXIT.failed);
    expect(ran.stderr).toMatch(/field orderId: /);
  });
});

describe("runs and clock (signed as a run, never the shared account)", () => {
  it("starts a run, moves and resets its clock, lists, resets and ends it", async () => {
    const run = json<{ clientId: string; secret: string; label: string | null }>(
      await cli(["runs", "start", "--label", "cli test", "--json"]),
    );
    expect(run.clientId).toMatch(/^run-/);
    expect(run.label).toBe("cli test");
    const asRun = ["--client-id", run.clientId, "--secret", run.secret];

    const advanced = json<{ offsetMs: number }>(await cli(["clock", "advance", "15m", ...asRun, "--json"]));
    expect(advanced.offsetMs).toBeGreaterThanOrEqual(15 * 60_000);
    // SANDBOX_CLIENT_ID / SANDBOX_CLIENT_SECRET (the kit's) before PAYMENT_API_*; empty ones count as unset.
    const runEnv = { SANDBOX_CLIENT_ID: run.clientId, SANDBOX_CLIENT_SECRET: run.secret };
    expect(json<{ offsetMs: number }>(await cli(["clock", "--json"], runEnv)).offsetMs).toBe(
      advanced.offsetMs,
    );
    const unset = { SANDBOX_CLIENT_ID: "", SANDBOX_CLIENT_SECRET: "" };
    expect(json<{ offsetMs: number }>(await cli(["clock", "--json"], unset)).offsetMs).toBe(0);
    const to = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const set = json<{ now: string; offsetMs: number }>(await cli(["clock", "set", to, ...asRun, "--json"]));
    expect(new Date(set.now).getTime()).toBeGreaterThanOrEqual(new Date(to).getTime() - 1_000);
    const shown = await cli(["clock", ...asRun]);
    expect(shown.stdout).toMatch(/^clock: \S+ \([\d.]+ s ahead of real time\)\n$/);
    const reset = await cli(["clock", "reset", ...asRun]);
    expect(reset.stdout).toMatch(/\(real time\)/);
    // The shared account's clock never moved.
    expect((await kit().clock()).offsetMs).toBe(0);

    // An order of the run, then the run's reset removes it.
    const created = json<{ response: { id: string } }>(
      await cli(["create", "payin", "--method", "Card", "--amount", "100", ...asRun, "--json"]),
    );
    expect(created.response.id).toBeTruthy();
    const listed = await cli(["runs", "list"]);
    expect(listed.stdout).toContain(run.clientId);
    const cleared = json<{ clientId: string; removedOrders: number }>(
      await cli(["runs", "reset", run.clientId, "--json"]),
    );
    expect(cleared).toEqual({ clientId: run.clientId, removedOrders: 1 });
    // The run may end itself (as the account that started it may).
    const ended = await cli(["runs", "end", run.clientId, ...asRun]);
    expect(ended.stdout).toBe(`run ${run.clientId} ended: 0 orders removed\n`);
    const gone = await cli(["clock", ...asRun]);
    expect(gone.code).toBe(EXIT.failed);
    expect(gone.stderr).toMatch(/status: 401/);
  });

  it("a clock move past the horizon is the sandbox's 400 naming the field", async () => {
    const run = json<{ clientId: string; secret: string }>(await cli(["runs", "start", "--json"]));
    const ran = await cli([
      "clock",
      "set",
      "9999-12-31T23:59:59Z",
      "--client-id",
      run.clientId,
      "--secret",
      run.secret,
    ]);
    expect(ran.code).toBe(EXIT.failed);
    expect(ran.stderr).toMatch(/status: 400/);
    expect(ran.stderr).toMatch(/field to: /);
    await cli(["runs", "end", run.clientId]);
  });

  it("takes a secret that starts with a dash after --secret (a random run secret does, one time in 64)", async () => {
    const secret = "-dashFirst-run-secret-0123456789";
    const run = await kit().startRun({ secret });
    try {
      const ran = await cli(["clock", "--client-id", run.run.clientId, "--secret", secret, "--json"]);
      expect(ran.stderr).toBe("");
      expect(json<{ offsetMs: number }>(ran).offsetMs).toBe(0);
      // A wrong one that also starts with a dash is the sandbox's 401, not a usage error.
      const wrong = await cli(["clock", "--client-id", run.run.clientId, "--secret", `${secret}x`]);
      expect(wrong.code).toBe(EXIT.failed);
      expect(wrong.stderr).toMatch(/status: 401/);
    } finally {
      await run.end();
    }
  });

  it.each([
    [
      ["--secret", "-abc", "--json"],
      ["--secret=-abc", "--json"],
    ],
    [
      ["--secret", "--abc", "--json"],
      ["--secret=--abc", "--json"],
    ],
    [["--client-id", "--x"], ["--client-id=--x"]],
    [["--amount", "-5"], ["--amount=-5"]],
    [
      ["--method", "--amount", "5"],
      ["--method", "--amount", "5"],
    ],
    [
      ["--json", "-h"],
      ["--json", "-h"],
    ],
    [
      ["--", "--secret", "-x"],
      ["--", "--secret", "-x"],
    ],
    [["--secret"], ["--secret"]],
  ])("joinDashValues(%j) = %j", (args, joined) => {
    const options = {
      secret: { type: "string" },
      amount: { type: "string" },
      method: { type: "string" },
      "client-id": { type: "string" },
      json: { type: "boolean" },
    };
    expect(joinDashValues(args, options)).toEqual(joined);
  });

  it.each([
    [["clock", "advance", "soon"], /not a duration/],
    [["clock", "advance"], /clock advance/],
    [["clock", "rewind"], /clock show\|advance\|set\|reset/],
    [["runs", "reset"], /runs reset <runClientId>/],
    [["runs"], /runs start\|list\|reset\|end/],
    [["requests", "extra"], /requests/],
  ])("usage error %j", async (args, message) => {
    const ran = await cli(args);
    expect(ran.code).toBe(EXIT.usage);
    expect(ran.stderr).toMatch(message);
  });

  it.each([
    ["15m", 900_000],
    ["90s", 90_000],
    ["1h30m", 5_400_000],
    ["250ms", 250],
    ["2", 2_000],
    ["1d", 86_400_000],
  ])("parseDuration(%s) = %d ms", (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });
});

describe("as a child process (node with the tsx loader)", () => {
  function spawnCli(args: string[], env: Record<string, string>): Promise<Ran> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", MAIN, ...args], {
        cwd: ROOT,
        env: { NODE_ENV: "test", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => {
        stdout += d.toString();
      });
      child.stderr.on("data", (d: Buffer) => {
        stderr += d.toString();
      });
      child.once("error", reject);
      child.once("exit", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    });
  }

  it("exits 0 on success, 1 on a refusal, 2 on a usage error; connects from SANDBOX_URL and PAYMENT_API_*", async () => {
    const env = {
      SANDBOX_URL: url,
      PAYMENT_API_CLIENT_ID: TEST_ACCOUNT.clientId,
      PAYMENT_API_SECRET: TEST_ACCOUNT.secret,
    };
    const [ok, refused, usage, noVerb, wrongSecret] = await Promise.all([
      spawnCli(["clock", "--json"], env),
      spawnCli(["trigger", "paid", "00000000-0000-4000-8000-000000000000"], env),
      spawnCli(["clock", "--nope"], env),
      spawnCli([], env),
      spawnCli(["clock"], { ...env, PAYMENT_API_SECRET: "wrong" }),
    ]);
    expect(ok).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(ok.stdout)).toMatchObject({ offsetMs: 0 });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/status: 404/);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Unknown option '--nope'/);
    expect(usage.stderr).toMatch(/^usage: sandbox-cli clock/m);
    expect(noVerb.code).toBe(2);
    expect(noVerb.stderr).toMatch(/^usage: sandbox-cli <verb>/);
    expect(wrongSecret.code).toBe(1);
    expect(wrongSecret.stderr).toMatch(/status: 401/);
  });
});
