/**
 * The sandbox's command line (`npx payorders-sandbox <verb> …` installed, `npm run -s sandbox:cli -- <verb> …`
 * here): the test controls and the callback receiver check, each a signed call through the QA kit.
 * `run(argv, io)` is the whole program, so tests call it in-process; main.ts hands it the process. docs/qa.md,
 * Command line shows every verb.
 */
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import {
  isPayinMethod,
  isPayoutMethod,
  type PayinRequest,
  type PayoutRequest,
  type Problem,
  type SandboxClock,
} from "../../contract";
import { samplePayinRequest, samplePayoutRequest } from "../../contract/samples";
import { SANDBOX_DEFAULT_CLIENT_ID, SANDBOX_DEFAULT_CLIENT_SECRET, SANDBOX_DEFAULT_PORT } from "../config";
import { checkReceiver } from "../conformance/suite";
import { htmlReport, junitXml, summaryText } from "../conformance/report";
import { sandboxKit, SandboxKitError } from "../kit";
import { applySets } from "./set-values";
import { joinDashValues, parseDuration } from "./arguments";
import { UsageError } from "./usage-error";

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  /** The program's name in usage lines (default `sandbox-cli`; the package's is `payorders-sandbox`). */
  program?: string;
}

/** Exit codes: 0 done, 1 refused or failed, 2 a usage error. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

export const USAGE = `usage: sandbox-cli <verb> [options]
  trigger paid|failed|expired <orderId>
  create payin|payout --method <method> --amount <n> [--set <path>=<value>]...
      (a text field of the contract — card number, phone, id — takes the value as text, digits too; a number or
      true/false field parses it; --set <path>:=<JSON> sends that JSON as it is)
  clock [show] | clock advance <duration, e.g. 15m> | clock set <ISO time> | clock reset
  runs start [--label <text>] | runs list | runs reset <runClientId> | runs end <runClientId>
  requests [--order <orderId>] [--limit <n>]
  callbacks resend <orderId> [webhookId]
  check-receiver --url <postbackUrl> --client-id <id> --secret <secret> [--secret2 <secret>]
      [--order-id <id>] [--payment-id <id>] [--type payin|payout] [--method <m>] [--amount <n>] [--country <cc>]
      [--status <s>] [--seed <n>] [--timeout <duration>] [--concurrency <n>] [--slow <duration>]
      [--oversized-bytes <n>] [--junit <file>] [--html <file>]
common: --url <sandbox URL> (SANDBOX_URL, default http://127.0.0.1:${SANDBOX_DEFAULT_PORT})
        --client-id, --secret (SANDBOX_CLIENT_ID and SANDBOX_CLIENT_SECRET, or PAYMENT_API_CLIENT_ID and
          PAYMENT_API_SECRET; default the sandbox's default account: use a run's instead, see runs start)
        --json (machine-readable output), --help`;

/** The usage lines of one verb (a usage error shows these, not the whole list). */
function usageOf(verb: string, program: string): string {
  const lines = USAGE.split("\n");
  const start = lines.findIndex((l) => l.trimStart().startsWith(verb === "clock" ? "clock [show]" : verb));
  if (start < 0) return lines[0] ?? "";
  const own = [lines[start]];
  for (const l of lines.slice(start + 1)) {
    if (!l.startsWith("      ")) break;
    own.push(l);
  }
  return `usage: ${program} ${own.map((l) => l?.trim()).join(" ")}  (${program} --help for all verbs)`;
}

const COMMON = {
  url: { type: "string" },
  "client-id": { type: "string" },
  secret: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

const VERB_OPTIONS = {
  trigger: {},
  create: { method: { type: "string" }, amount: { type: "string" }, set: { type: "string", multiple: true } },
  clock: {},
  runs: { label: { type: "string" } },
  requests: { order: { type: "string" }, limit: { type: "string" } },
  callbacks: {},
  "check-receiver": {
    secret2: { type: "string" },
    "order-id": { type: "string" },
    "payment-id": { type: "string" },
    type: { type: "string" },
    method: { type: "string" },
    amount: { type: "string" },
    country: { type: "string" },
    status: { type: "string" },
    seed: { type: "string" },
    timeout: { type: "string" },
    concurrency: { type: "string" },
    slow: { type: "string" },
    "oversized-bytes": { type: "string" },
    junit: { type: "string" },
    html: { type: "string" },
  },
} as const;

type Verb = keyof typeof VERB_OPTIONS;
type Values = Record<string, string | boolean | string[] | undefined>;

function positiveNumber(text: string | undefined, what: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n <= 0)
    throw new UsageError(`${what} must be a number above 0`);
  return n;
}

function connection(values: Values, given: CliIo["env"]) {
  const env = setVariables(given);
  const str = (k: string) => (typeof values[k] === "string" ? (values[k] as string) : undefined);
  return {
    baseUrl: str("url") ?? env.SANDBOX_URL ?? `http://127.0.0.1:${SANDBOX_DEFAULT_PORT}`,
    // The QA kit's variables first (its Playwright fixture reads them), then the dashboard's.
    clientId:
      str("client-id") ?? env.SANDBOX_CLIENT_ID ?? env.PAYMENT_API_CLIENT_ID ?? SANDBOX_DEFAULT_CLIENT_ID,
    secret:
      str("secret") ?? env.SANDBOX_CLIENT_SECRET ?? env.PAYMENT_API_SECRET ?? SANDBOX_DEFAULT_CLIENT_SECRET,
  };
}

function printProblem(io: CliIo, error: SandboxKitError, json: boolean): void {
  const p: Problem | null = error.problem;
  if (json) {
    io.stderr(`${JSON.stringify({ status: error.status, problem: p, message: error.message })}\n`);
    return;
  }
  const lines = [`error: ${error.message}`, `  status: ${error.status}`];
  if (p) {
    if (p.type) lines.push(`  type: ${p.type}`);
    if (p.title) lines.push(`  title: ${p.title}`);
    if (p.detail) lines.push(`  detail: ${p.detail}`);
    for (const e of p.errors ?? []) lines.push(`  field ${e.path}: ${e.message}`);
  }
  io.stderr(`${lines.join("\n")}\n`);
}

const TRIGGERS = { paid: "Success", failed: "Failed", expired: "Expired" } as const;

export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const [verb, ...rest] = argv;
  const program = io.program ?? "sandbox-cli";
  const usage = USAGE.replaceAll("sandbox-cli", program);
  if (verb === undefined || verb === "--help" || verb === "-h" || verb === "help") {
    (verb === undefined ? io.stderr : io.stdout)(`${usage}\n`);
    return verb === undefined ? EXIT.usage : EXIT.ok;
  }
  if (!Object.hasOwn(VERB_OPTIONS, verb)) {
    io.stderr(`unknown verb "${verb}"\n${usage}\n`);
    return EXIT.usage;
  }
  let json = false;
  try {
    const options = { ...COMMON, ...VERB_OPTIONS[verb as Verb] };
    const { values, positionals } = parseArgs({
      args: joinDashValues(rest, options),
      options,
      allowPositionals: true,
      strict: true,
    });
    json = values.json === true;
    if (values.help) {
      io.stdout(`${usage}\n`);
      return EXIT.ok;
    }
    return await dispatch(verb as Verb, positionals, values as Values, io, json);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (error instanceof UsageError || (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS"))) {
      io.stderr(`${(error as Error).message}\n${usageOf(verb, program)}\n`);
      return EXIT.usage;
    }
    if (error instanceof SandboxKitError) {
      printProblem(io, error, json);
      return EXIT.failed;
    }
    const cause =
      (error as Error).cause instanceof Error ? `: ${((error as Error).cause as Error).message}` : "";
    io.stderr(`error: ${(error as Error).message ?? String(error)}${cause}\n`);
    return EXIT.failed;
  }
}

async function dispatch(
  verb: Verb,
  args: string[],
  values: Values,
  io: CliIo,
  json: boolean,
): Promise<number> {
  const out = (data: unknown, human: string) =>
    io.stdout(json ? `${JSON.stringify(data, null, 2)}\n` : `${human}\n`);
  const arity = (min: number, max: number, shape: string) => {
    if (args.length < min || args.length > max) throw new UsageError(`${verb} ${shape}`);
  };
  if (verb === "check-receiver") return checkReceiverVerb(args, values, io, json);
  const kit = sandboxKit(connection(values, io.env));

  switch (verb) {
    case "trigger": {
      arity(2, 2, "paid|failed|expired <orderId>");
      const [what, orderId] = args as [string, string];
      if (!Object.hasOwn(TRIGGERS, what))
        throw new UsageError(`trigger paid|failed|expired <orderId>, not "${what}"`);
      const order = await kit.setStatus(orderId, TRIGGERS[what as keyof typeof TRIGGERS]);
      out(
        order,
        `order ${order.id}: ${order.status} (${order.type} ${order.paymentMethod} ${order.amount} ${order.currency ?? ""})`.trim(),
      );
      return EXIT.ok;
    }
    case "create": {
      arity(1, 1, "payin|payout --method <method> --amount <n> [--set <path>=<value>]...");
      const direction = args[0];
      const method = values.method as string | undefined;
      if (direction !== "payin" && direction !== "payout")
        throw new UsageError(`create payin|payout, not "${direction}"`);
      if (!method) throw new UsageError("create needs --method");
      const amount = positiveNumber(values.amount as string | undefined, "--amount");
      const base = amount === undefined ? {} : { amount };
      const sets = (values.set as string[] | undefined) ?? [];
      let created: { request: PayinRequest | PayoutRequest; response: { id: string; status: string } };
      if (direction === "payin") {
        if (!isPayinMethod(method)) throw new UsageError(`--method: not a pay-in method: "${method}"`);
        const request = applySets("payin", samplePayinRequest(method, base), sets);
        created = { request, response: await kit.createPayin(request) };
      } else {
        if (!isPayoutMethod(method)) throw new UsageError(`--method: not a pay-out method: "${method}"`);
        const request = applySets("payout", samplePayoutRequest(method, base), sets);
        created = { request, response: await kit.createPayout(request) };
      }
      const { request, response } = created;
      const expires = "expiresAt" in response && response.expiresAt ? `, expires ${response.expiresAt}` : "";
      out(
        created,
        `created ${direction} ${response.id}: ${response.status} (paymentId ${request.paymentId}${expires})`,
      );
      return EXIT.ok;
    }
    case "clock": {
      const [what = "show", arg] = args;
      let clock: SandboxClock;
      if (what === "show") {
        arity(0, 1, "[show]");
        clock = await kit.clock();
      } else if (what === "advance") {
        arity(2, 2, "advance <duration, e.g. 15m>");
        const ms = parseDuration(arg as string);
        if (ms <= 0) throw new UsageError("clock advance: the duration must be above 0");
        clock = await kit.advanceClock({ seconds: ms / 1000 });
      } else if (what === "set") {
        arity(2, 2, "set <ISO time>");
        clock = await kit.advanceClock({ to: arg as string });
      } else if (what === "reset") {
        arity(1, 1, "reset");
        clock = await kit.resetClock();
      } else throw new UsageError(`clock show|advance|set|reset, not "${what}"`);
      out(
        clock,
        `clock: ${clock.now} (${clock.offsetMs === 0 ? "real time" : `${clock.offsetMs / 1000} s ahead of real time`})`,
      );
      return EXIT.ok;
    }
    case "runs": {
      const [what, clientId] = args;
      if (what === "start") {
        arity(1, 1, "start [--label <text>]");
        const label = values.label as string | undefined;
        const { run } = await kit.startRun(label === undefined ? {} : { label });
        out(
          run,
          `run started: ${run.clientId} (idle after ${run.idleMinutes} min)\n` +
            `PAYMENT_API_CLIENT_ID=${run.clientId}\nPAYMENT_API_SECRET=${run.secret}`,
        );
      } else if (what === "list") {
        arity(1, 1, "list");
        const runs = await kit.runs();
        out(
          { runs },
          runs.length === 0
            ? "no live runs"
            : runs.map((r) => `${r.clientId}  ${r.label ?? ""}  last seen ${r.lastSeenAt}`).join("\n"),
        );
      } else if (what === "reset" || what === "end") {
        arity(2, 2, `${what} <runClientId>`);
        const cleared =
          what === "reset" ? await kit.resetRun(clientId as string) : await kit.endRun(clientId as string);
        out(
          cleared,
          `run ${cleared.clientId} ${what === "reset" ? "reset" : "ended"}: ${cleared.removedOrders} orders removed`,
        );
      } else throw new UsageError(`runs start|list|reset|end, not "${what ?? ""}"`);
      return EXIT.ok;
    }
    case "requests": {
      arity(0, 0, "[--order <orderId>] [--limit <n>]");
      const limit = positiveNumber(values.limit as string | undefined, "--limit");
      const order = values.order as string | undefined;
      const requests = await kit.requests({
        ...(order === undefined ? {} : { orderId: order }),
        ...(limit === undefined ? {} : { limit }),
      });
      out(
        { requests },
        requests.length === 0
          ? "no requests"
          : requests
              .map(
                (r) =>
                  `${r.at}  ${r.method} ${r.path}  ${r.status} ${r.verdict}${r.detail ? ` (${r.detail})` : ""}${r.orderId ? `  order ${r.orderId}` : ""}`,
              )
              .join("\n"),
      );
      return EXIT.ok;
    }
    case "callbacks": {
      arity(2, 3, "resend <orderId> [webhookId]");
      const [what, orderId, webhookId] = args as [string, string, string | undefined];
      if (what !== "resend") throw new UsageError(`callbacks resend <orderId> [webhookId], not "${what}"`);
      const order = await kit.resendCallback(orderId, webhookId);
      const last = order.callbacks.at(-1);
      out(
        order,
        `order ${order.id}: callback ${webhookId ?? last?.webhookId ?? ""} resent (${order.callbacks.length} callbacks, latest ${last?.state ?? "none"})`,
      );
      return EXIT.ok;
    }
  }
}

/** The environment without its empty variables (`X= cmd` unsets X for the CLI). */
function setVariables(env: CliIo["env"]): CliIo["env"] {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
}

async function checkReceiverVerb(args: string[], values: Values, io: CliIo, json: boolean): Promise<number> {
  const env = setVariables(io.env);
  if (args.length > 0)
    throw new UsageError(`check-receiver takes no positional arguments (got "${args[0]}")`);
  const str = (k: string) => values[k] as string | undefined;
  const url = str("url");
  if (!url) throw new UsageError("check-receiver needs --url <postbackUrl>");
  try {
    new URL(url);
  } catch {
    throw new UsageError(`--url: not a URL: "${url}"`);
  }
  // The merchant's own credentials, as its receiver verifies them: the dashboard's variables first.
  const clientId = str("client-id") ?? env.PAYMENT_API_CLIENT_ID ?? env.SANDBOX_CLIENT_ID;
  const secret = str("secret") ?? env.PAYMENT_API_SECRET ?? env.SANDBOX_CLIENT_SECRET;
  if (!clientId || !secret)
    throw new UsageError(
      "check-receiver needs --client-id and --secret (or PAYMENT_API_CLIENT_ID, PAYMENT_API_SECRET)",
    );
  const type = str("type");
  if (type !== undefined && type !== "payin" && type !== "payout")
    throw new UsageError("--type: payin or payout");
  const seed = str("seed");
  if (seed !== undefined && !/^\d+$/.test(seed)) throw new UsageError("--seed must be a whole number");
  const timeout = str("timeout");
  const slow = str("slow");
  const report = await checkReceiver({
    url,
    clientId,
    secret,
    secret2: str("secret2") ?? env.PAYMENT_API_PREVIOUS_SECRET,
    orderId: str("order-id"),
    paymentId: str("payment-id"),
    type,
    paymentMethod: str("method"),
    amount: positiveNumber(str("amount"), "--amount"),
    country: str("country"),
    status: str("status"),
    seed: seed === undefined ? undefined : Number(seed),
    timeoutMs: timeout === undefined ? undefined : parseDuration(timeout),
    concurrency: positiveNumber(str("concurrency"), "--concurrency"),
    slowMs: slow === undefined ? undefined : parseDuration(slow),
    oversizedBytes: positiveNumber(str("oversized-bytes"), "--oversized-bytes"),
  });
  const junit = str("junit");
  const html = str("html");
  if (junit) await writeFile(junit, junitXml(report));
  if (html) await writeFile(html, htmlReport(report));
  io.stdout(json ? `${JSON.stringify(report, null, 2)}\n` : summaryText(report));
  return report.failed > 0 ? EXIT.failed : EXIT.ok;
}
