import { Writable } from "node:stream";
import { describe, expect, test } from "vitest";
import {
  createLogger,
  installLogger,
  type LogLevel,
  log,
  logOwnFields,
  maskCardNumbers,
  logStyle,
} from "./logger";
import { runWithRequestId } from "./request-id";

/** A logger writing into an array of parsed lines. */
function capture(level: LogLevel = "info") {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ level, name: "test", destination }), lines };
}

const PAN = "4111111111111111";

describe("the logger", () => {
  test("one JSON object a line, its level by name, its time, its name", () => {
    const { logger, lines } = capture();
    logger.info({ orderId: "o-1" }, "order sent");
    expect(lines).toEqual([
      expect.objectContaining({
        level: "info",
        name: "test",
        msg: "order sent",
        orderId: "o-1",
        time: expect.any(String),
      }),
    ]);
  });

  test("LOG_LEVEL: lines below it are not written", () => {
    const { logger, lines } = capture("warn");
    logger.info("quiet");
    logger.warn("loud");
    expect(lines.map((l) => l.msg)).toEqual(["loud"]);
  });

  test("the request id of the request being handled is on its lines, and only on them", async () => {
    const { logger, lines } = capture();
    await runWithRequestId("req-12345678", async () => {
      await Promise.resolve();
      logger.info("inside");
    });
    logger.info("outside");
    expect(lines[0]).toMatchObject({ msg: "inside", requestId: "req-12345678" });
    expect(lines[1]).not.toHaveProperty("requestId");
  });

  test.each([
    ["an Authorization header", { headers: { authorization: "Bearer s3cr3t" } }],
    ["a signature header", { headers: { "x-signature": "s3cr3t" } }],
    ["a webhook signature", { request: { headers: { "webhook-signature": "v1,s3cr3t" } } }],
    ["a cookie", { headers: { cookie: "session=s3cr3t" } }],
    ["a secret", { secret: "s3cr3t" }],
    ["a nested secret", { settings: { secret: "s3cr3t", previousSecret: "s3cr3t" } }],
    ["a password", { user: { password: "s3cr3t" } }],
    ["a token", { token: "s3cr3t" }],
    ["a card number", { payout: { cardNumber: "s3cr3t" } }],
    ["a PAN", { card: { pan: "s3cr3t" } }],
    ["a card number two levels down", { body: { paymentDetails: { cardNumber: "s3cr3t" } } }],
  ])("%s is redacted", (_, object) => {
    const { logger, lines } = capture();
    logger.info(object, "with a secret");
    const text = JSON.stringify(lines[0]);
    expect(text).not.toContain("s3cr3t");
    expect(text).toContain("[redacted]");
  });

  test("card numbers in messages are masked to the first six and last four", () => {
    const { logger, lines } = capture();
    logger.error(`payout to ${PAN} failed; card 4111 1111 1111 1111 too`);
    expect(lines[0]?.msg).toBe("payout to 411111******1111 failed; card 411111******1111 too");
    expect(JSON.stringify(lines)).not.toContain(PAN);
  });

  test("masking leaves other numbers alone (amounts, ids, a timestamp failing Luhn)", () => {
    expect(maskCardNumbers("amount 500000.00 order 12345 at 1732600000002")).toBe(
      "amount 500000.00 order 12345 at 1732600000002",
    );
  });

  test.each([
    // nodeEnv, LOG_PRETTY, LOG_LEVEL, stdout a terminal, pino-pretty installed → pretty, level
    ["development", undefined, undefined, false, true, true, "info"],
    ["development", "0", undefined, true, true, false, "info"],
    ["production", undefined, undefined, false, true, false, "info"],
    ["production", "1", undefined, false, true, true, "info"],
    ["test", undefined, undefined, false, true, false, "info"],
    // `npm start` in a terminal: pretty and quiet, so the printed-once admin password stays in sight.
    ["production", undefined, undefined, true, true, true, "warn"],
    ["production", undefined, "info", true, true, true, "info"],
    ["production", "0", undefined, true, true, false, "info"],
    // The packaged sandbox at a terminal without its optional pino-pretty: JSON, as before.
    ["production", undefined, undefined, true, false, false, "info"],
  ] as const)(
    "NODE_ENV=%s LOG_PRETTY=%s LOG_LEVEL=%s terminal %s pino-pretty %s: pretty %s at %s",
    (nodeEnv, logPretty, logLevel, stdoutIsTerminal, prettyInstalled, pretty, level) => {
      expect(logStyle({ nodeEnv, logPretty, logLevel, stdoutIsTerminal, prettyInstalled })).toEqual({
        pretty,
        level,
      });
    },
  );

  test("request lines (logOwnFields) go to the installed logger, with its level, name and request id, and follow a newly installed one", async () => {
    const before = log();
    try {
      const first = capture("info");
      installLogger(first.logger);
      await runWithRequestId("req-abcdefgh", async () => {
        logOwnFields().info({ method: "POST", route: "/api/postback", status: 200, ms: 3 }, "request");
        logOwnFields().debug({ route: "/api/healthz" }, "request");
      });
      expect(first.lines).toEqual([
        expect.objectContaining({
          level: "info",
          name: "test",
          msg: "request",
          requestId: "req-abcdefgh",
          status: 200,
        }),
      ]);
      const second = capture("info");
      installLogger(second.logger);
      logOwnFields().info({ route: "/orders" }, "request");
      expect(second.lines).toEqual([expect.objectContaining({ route: "/orders", name: "test" })]);
      expect(first.lines).toHaveLength(1);
    } finally {
      installLogger(before);
    }
  });
});
