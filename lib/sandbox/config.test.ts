import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as dashboardEnv from "@/lib/env";
import {
  loadSandboxConfig,
  SANDBOX_DEFAULT_CLIENT_ID,
  SANDBOX_DEFAULT_CLIENT_SECRET,
  SANDBOX_DEFAULT_PORT,
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

  it("refuses an accounts file of the wrong shape", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sbx-config-"));
    const file = path.join(dir, "accounts.json");
    writeFileSync(file, JSON.stringify([{ clientId: "x" }]));
    expect(() => loadSandboxConfig({ SANDBOX_ACCOUNTS_FILE: file })).toThrow(/secret/);
  });
});
