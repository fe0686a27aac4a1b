import { describe, expect, it } from "vitest";
import { SANDBOX_DEFAULT_CLIENT_SECRET } from "./config";
import { startupMessage } from "./startup-message";

const base = { url: "http://127.0.0.1:4010", store: "PGlite in /data/sandbox" };

describe("the sandbox's start line", () => {
  it("prints the documented default secret", () => {
    const line = startupMessage({
      ...base,
      accounts: [{ clientId: "sandbox-merchant", secret: SANDBOX_DEFAULT_CLIENT_SECRET }],
    });
    expect(line).toContain(`secret: ${SANDBOX_DEFAULT_CLIENT_SECRET}`);
    expect(line).toContain("X-Client-Id: sandbox-merchant");
  });

  it("never prints any other secret: it names where it came from", () => {
    const line = startupMessage({
      ...base,
      accounts: [
        { clientId: "mine", secret: "a-real-secret-0123" },
        { clientId: "two", secret: "file-secret-4567" },
      ],
      accountsFile: "/etc/sandbox/accounts.json",
    });
    expect(line).not.toContain("a-real-secret-0123");
    expect(line).not.toContain("file-secret-4567");
    expect(line).toContain("from SANDBOX_CLIENT_SECRET");
    expect(line).toContain("+1 more from SANDBOX_ACCOUNTS_FILE /etc/sandbox/accounts.json");
  });
});
