import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as dashboardEnv from "@/lib/env";
import { luhnCheckDigit } from "@/lib/contract";
import {
  loadSandboxConfig,
  SANDBOX_DEFAULT_CLIENT_ID,
  SANDBOX_DEFAULT_CLIENT_SECRET,
  SANDBOX_DEFAULT_PORT,
  SandboxConfigError,
} from "./config";

describe("sandbox config", () => {
  it("has the same default credentials and port as the dashboard's env", () => {
    expect(SANDBOX_DEFAULT_CLIENT_ID).toBe(dashboardEnv.SANDBOX_DEFAULT_CLIENT_ID);
    expect(SANDBOX_DEFAULT_CLIENT_SECRET).toBe(dashboardEnv.SANDBOX_DEFAULT_CLIENT_SECRET);
    expect(SANDBOX_DEFAULT_PORT).toBe(dashboardEnv.SANDBOX_DEFAULT_PORT);
  });

  it("defaults: port 4010, localhost, one account, PGlite under DATA_DIR/sandbox", () => {
    const c = loadSandboxConfig({ DATA_DIR: "/tmp/x" });
    expect(c.port).toBe(4010);
    expect(c.host).toBe("127.0.0.1");
    expect(c.accounts).toEqual([{ clientId: "sandbox-merchant", secret: "sandbox-secret" }]);
    expect(c.database).toEqual({ dataDir: "/tmp/x/sandbox" });
    expect(c.callbackRetrySchedule).toBeUndefined();
  });

  it("reads every variable", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sbx-config-"));
    const file = path.join(dir, "accounts.json");
    writeFileSync(file, JSON.stringify([{ clientId: "qa-2", secret: "qa-secret-2" }]));
    const c = loadSandboxConfig({
      SANDBOX_PORT: "5000",
      SANDBOX_HOST: "0.0.0.0",
      SANDBOX_CLIENT_ID: "m1",
      SANDBOX_CLIENT_SECRET: "s1-secret",
      SANDBOX_ACCOUNTS_FILE: file,
      SANDBOX_DATABASE_URL: "postgres://u@h:5432/db",
      SANDBOX_EXPIRY_MINUTES: "0.5",
      SANDBOX_CALLBACK_RETRY_SCHEDULE: "50, 100,200",
      SANDBOX_RATE_LIMIT_PER_MINUTE: "0",
      SANDBOX_RUN_IDLE_MINUTES: "15",
    });
    expect(c).toMatchObject({
      port: 5000,
      host: "0.0.0.0",
      accounts: [
        { clientId: "m1", secret: "s1-secret" },
        { clientId: "qa-2", secret: "qa-secret-2" },
      ],
      database: { url: "postgres://u@h:5432/db" },
      expiryMinutes: 0.5,
      callbackRetrySchedule: [50, 100, 200],
      rateLimitPerMinute: 0,
      runIdleMinutes: 15,
    });
  });

  it("names every bad variable", () => {
    expect(() =>
      loadSandboxConfig({
        SANDBOX_PORT: "abc",
        SANDBOX_CALLBACK_RETRY_SCHEDULE: "1s,5s",
        SANDBOX_EXPIRY_MINUTES: "-1",
      }),
    ).toThrow(/SANDBOX_PORT[\s\S]*SANDBOX_EXPIRY_MINUTES[\s\S]*SANDBOX_CALLBACK_RETRY_SCHEDULE/);
  });

  it("reads a next secret (rotation) for the default account and in the accounts file", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sbx-config-"));
    const file = path.join(dir, "accounts.json");
    writeFileSync(
      file,
      JSON.stringify([{ clientId: "qa-2", secret: "qa-secret-1", nextSecret: "qa-secret-2" }]),
    );
    const c = loadSandboxConfig({ SANDBOX_CLIENT_NEXT_SECRET: "next-secret-1", SANDBOX_ACCOUNTS_FILE: file });
    expect(c.accounts).toEqual([
      { clientId: "sandbox-merchant", secret: "sandbox-secret", nextSecret: "next-secret-1" },
      { clientId: "qa-2", secret: "qa-secret-1", nextSecret: "qa-secret-2" },
    ]);
    expect(() => loadSandboxConfig({ SANDBOX_CLIENT_NEXT_SECRET: "sandbox-secret" })).toThrow(
      /SANDBOX_CLIENT_NEXT_SECRET: Must differ from SANDBOX_CLIENT_SECRET/,
    );
    expect(() => loadSandboxConfig({ SANDBOX_CLIENT_NEXT_SECRET: "short" })).toThrow(
      /SANDBOX_CLIENT_NEXT_SECRET: Must be at least 8 characters/,
    );
    writeFileSync(
      file,
      JSON.stringify([{ clientId: "qa-2", secret: "qa-secret-1", nextSecret: "qa-secret-1" }]),
    );
    expect(() => loadSandboxConfig({ SANDBOX_ACCOUNTS_FILE: file })).toThrow(
      /nextSecret.*Must differ from secret/,
    );
  });

  it("reads an account's callback chaos from the accounts file, naming a bad setting", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "sbx-config-")), "accounts.json");
    const chaos = { modes: ["duplicate", "out-of-order"], seed: 7, probability: 0.5 };
    writeFileSync(file, JSON.stringify([{ clientId: "qa-3", secret: "qa-secret-3", chaos }]));
    expect(loadSandboxConfig({ SANDBOX_ACCOUNTS_FILE: file }).accounts[1]).toEqual({
      clientId: "qa-3",
      secret: "qa-secret-3",
      chaos,
    });
    writeFileSync(
      file,
      JSON.stringify([{ clientId: "qa-3", secret: "qa-secret-3", chaos: { modes: ["sideways"] } }]),
    );
    expect(() => loadSandboxConfig({ SANDBOX_ACCOUNTS_FILE: file })).toThrow(
      /chaos\.modes\.0.*Each must be one of duplicate/,
    );
  });

  it("refuses an accounts file of the wrong shape", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sbx-config-"));
    const file = path.join(dir, "accounts.json");
    writeFileSync(file, JSON.stringify([{ clientId: "x" }]));
    expect(() => loadSandboxConfig({ SANDBOX_ACCOUNTS_FILE: file })).toThrow(/secret/);
  });

  describe("SANDBOX_CONFIG_FILE", () => {
    const card = `220220011111111${luhnCheckDigit("220220011111111")}`;
    const writeConfig = (content: unknown) => {
      const file = path.join(mkdtempSync(path.join(tmpdir(), "sbx-config-")), "sandbox.json");
      writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
      return file;
    };
    /** The SandboxConfigError message for a file with `content`. */
    const errorFor = (content: unknown) => {
      const file = writeConfig(content);
      try {
        loadSandboxConfig({ SANDBOX_CONFIG_FILE: file });
      } catch (error) {
        expect(error).toBeInstanceOf(SandboxConfigError);
        const message = (error as Error).message;
        expect(message).toContain(file);
        return message;
      }
      throw new Error("expected a SandboxConfigError");
    };

    it("is optional: nothing set leaves the sandbox's defaults", () => {
      const c = loadSandboxConfig({});
      expect(c.amountLimits).toBeUndefined();
      expect(c.detailsPool).toBeUndefined();
    });

    it("reads limits in major units (strings or numbers) into minor units, and pool lists", () => {
      const file = writeConfig({
        amountLimits: {
          payin: { Card: { min: "10.00", max: "500000.00" }, PIX: { min: 0.5, max: 1234.56 } },
          payout: { SBP: { min: "1", max: 75_000 } },
        },
        detailsPool: {
          cards: [{ cardNumber: card, cardHolderName: "QA HOLDER" }],
          sbpPayees: [{ phoneNumber: "+79990001122", payeeName: "QA Payee" }],
          pixReceivers: [{ key: "qa@example.com", merchantName: "QA LTDA", city: "SAO PAULO" }],
        },
      });
      const c = loadSandboxConfig({ SANDBOX_CONFIG_FILE: file });
      expect(c.amountLimits).toEqual({
        payin: { Card: { min: 1_000, max: 50_000_000 }, PIX: { min: 50, max: 123_456 } },
        payout: { SBP: { min: 100, max: 7_500_000 } },
      });
      expect(c.detailsPool).toEqual({
        cards: [{ cardNumber: card, cardHolderName: "QA HOLDER" }],
        sbpPayees: [{ phoneNumber: "+79990001122", payeeName: "QA Payee" }],
        pixReceivers: [{ key: "qa@example.com", merchantName: "QA LTDA", city: "SAO PAULO" }],
      });
    });

    it("takes either key, and any list, alone", () => {
      const file = writeConfig({
        detailsPool: { sbpPayees: [{ phoneNumber: "+79990001122", payeeName: "P" }] },
      });
      const c = loadSandboxConfig({ SANDBOX_CONFIG_FILE: file });
      expect(c.detailsPool).toEqual({ sbpPayees: [{ phoneNumber: "+79990001122", payeeName: "P" }] });
      expect(c.amountLimits).toBeUndefined();
      expect(loadSandboxConfig({ SANDBOX_CONFIG_FILE: writeConfig({}) }).detailsPool).toBeUndefined();
    });

    it("refuses each bad pool entry, naming its path", () => {
      const message = errorFor({
        detailsPool: {
          cards: [
            { cardNumber: card, cardHolderName: "OK" },
            { cardNumber: "4111111111111112", cardHolderName: "BAD LUHN" },
            { cardNumber: "4111 1111 1111 1111", cardHolderName: "SPACES" },
          ],
          sbpPayees: [{ phoneNumber: "89161234567", payeeName: "P" }],
          pixReceivers: [
            { key: "k", merchantName: "N".repeat(26), city: "C".repeat(16) },
            { key: "k".repeat(78), merchantName: "N", city: "C" },
          ],
        },
      });
      expect(message).toContain("detailsPool.cards.1.cardNumber: not a Luhn-valid card number");
      expect(message).toContain("detailsPool.cards.2.cardNumber: not a Luhn-valid card number");
      expect(message).not.toContain("detailsPool.cards.0");
      expect(message).toContain("detailsPool.sbpPayees.0.phoneNumber: not +7 and ten digits");
      expect(message).toMatch(/detailsPool\.pixReceivers\.0\.merchantName: .*25/);
      expect(message).toMatch(/detailsPool\.pixReceivers\.0\.city: .*15/);
      expect(message).toMatch(/detailsPool\.pixReceivers\.1\.key: .*77/);
    });

    it("refuses an empty list and a missing or mistyped field", () => {
      const message = errorFor({
        detailsPool: { cards: [], sbpPayees: [{ phoneNumber: "+79990001122" }], pixReceivers: {} },
      });
      expect(message).toContain("detailsPool.cards: must not be empty");
      expect(message).toContain("detailsPool.sbpPayees.0.payeeName:");
      expect(message).toContain("detailsPool.pixReceivers:");
    });

    it("refuses bad amounts, naming each path", () => {
      const message = errorFor({
        amountLimits: {
          payin: {
            Card: { min: "10.001", max: "1e6" },
            SBP: { min: 0, max: 10.005 },
            PIX: { min: "-1", max: true },
            QRNSPK: { min: "1" },
          },
          payout: { SBP: { min: "500", max: "100" }, Card: { min: "1,00", max: "2000000000000" } },
        },
      });
      for (const p of [
        "amountLimits.payin.Card.min: Must be a decimal amount",
        "amountLimits.payin.Card.max: Must be a decimal amount",
        "amountLimits.payin.SBP.min: Must be greater than 0",
        "amountLimits.payin.SBP.max: Must have at most two decimals",
        "amountLimits.payin.PIX.min: Must be a decimal amount",
        "amountLimits.payin.PIX.max: Must be an amount",
        "amountLimits.payin.QRNSPK.max: Required",
        "amountLimits.payout.SBP: min must not be greater than max",
        "amountLimits.payout.Card.min: Must be a decimal amount",
        "amountLimits.payout.Card.max: Must be at most",
      ]) {
        expect(message).toContain(p);
      }
      // min > max is only judged once both parsed.
      expect(message).not.toMatch(/amountLimits\.payin\.\w+: min must not/);
    });

    it("refuses unknown keys at every level, naming them", () => {
      const message = errorFor({
        amountLimit: {},
        amountLimits: { payin: { Crad: { min: 1, max: 2 } }, payuot: {} },
        detailsPool: {
          card: [],
          cards: [{ cardNumber: card, cardHolderName: "X", cvv: "123" }],
        },
      });
      expect(message).toMatch(
        /\(top level\): unknown key "amountLimit" \(allowed: amountLimits, detailsPool\)/,
      );
      expect(message).toMatch(/amountLimits: unknown key "payuot"/);
      expect(message).toMatch(/amountLimits\.payin: unknown key "Crad" \(allowed: Card, CrossBorderCard/);
      expect(message).toMatch(/detailsPool: unknown key "card"/);
      expect(message).toMatch(/detailsPool\.cards\.0: unknown key "cvv"/);
    });

    it("refuses a payout-only method under payin", () => {
      expect(errorFor({ amountLimits: { payin: { BankAccount: { min: 1, max: 2 } } } })).toMatch(
        /amountLimits\.payin: unknown key "BankAccount"/,
      );
    });

    it("refuses a file that is not an object", () => {
      expect(errorFor([])).toMatch(/\(top level\): Must be an object/);
    });

    it("refuses an unreadable file and malformed JSON, naming the file", () => {
      const missing = path.join(tmpdir(), "sbx-config-does-not-exist", "sandbox.json");
      expect(() => loadSandboxConfig({ SANDBOX_CONFIG_FILE: missing })).toThrow(SandboxConfigError);
      expect(() => loadSandboxConfig({ SANDBOX_CONFIG_FILE: missing })).toThrow(
        new RegExp(`SANDBOX_CONFIG_FILE: cannot read ${missing.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
      );
      expect(errorFor('{"amountLimits": ')).toMatch(/cannot read .* as JSON/);
    });
  });
});
