import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { curlCommand, shellQuote } from "./curl";

describe("Copy as cURL", () => {
  it.each([
    `{"a":"it's"}`,
    `{"x":"$HOME \`id\` \\\\n \\"q\\" ' '' '''"}`,
    `{"name":"Łódź — ₽ 😀","note":"line\\nbreak"}`,
    "",
  ])("single-quotes %j so bash reads back the same bytes", (text) => {
    expect(execFileSync("bash", ["-c", `printf '%s' ${shellQuote(text)}`], { encoding: "utf8" })).toBe(text);
  });

  it.each([
    ["a C1 control (CSI)", '{"a":"x\u009b2Jy"}'],
    ["a bidi override", '{"note":"abc\u202Edcba"}'],
    ["a bidi isolate and an invisible joiner", '{"n":"\u2066a\u2069\u200Db"}'],
    ["a line separator", '{"n":"one\u2028two\u2029"}'],
    ["an escape, a carriage return and a tab", '{"n":"\u001b[31mred\r\t\'it\'s\' \\\\ "}'],
    ["a byte-order mark", "\uFEFF{}"],
  ])("%s: written as escapes that bash reads back as the same bytes, none of it raw on screen", (_, text) => {
    const quoted = shellQuote(text);
    expect(quoted).toMatch(/^\$'/);
    // Each case is ASCII but for its deceptive characters: all that is left on screen is printable ASCII.
    expect(quoted).toMatch(/^[\x20-\x7e]*$/);
    expect(
      execFileSync("bash", ["-c", `printf '%s' ${quoted}`], {
        encoding: "utf8",
        env: { ...process.env, LC_ALL: "C" },
      }),
    ).toBe(text);
  });

  it("a POST: the body once, signed in the shell from $SECRET over those bytes, no secret in the command", () => {
    const body = `{"paymentId":"p","note":"it's"}`;
    const command = curlCommand({
      method: "POST",
      url: "http://127.0.0.1:4010/api/v1/payin/create",
      clientId: "m-1",
      body,
    });
    expect(command).toBe(
      [
        `: "\${SECRET:?set SECRET to the merchant secret first}"`,
        `BODY='{"paymentId":"p","note":"it'\\''s"}'`,
        `SIG=$(printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.*= //')`,
        `curl -sS -X POST 'http://127.0.0.1:4010/api/v1/payin/create' \\`,
        `  -H 'Content-Type: application/json' \\`,
        `  -H 'X-Client-Id: m-1' \\`,
        `  -H "X-Signature: $SIG" \\`,
        `  --data-raw "$BODY"`,
      ].join("\n"),
    );
  });

  it("a GET signs its path and query", () => {
    const command = curlCommand({
      method: "GET",
      url: "https://psp.example/gw/api/v1/bank/available?country=RU",
      clientId: "m-1",
      body: null,
    });
    expect(command).toContain(`SIG=$(printf '%s' '/gw/api/v1/bank/available?country=RU' | openssl dgst`);
    expect(command).toContain(`curl -sS 'https://psp.example/gw/api/v1/bank/available?country=RU'`);
    expect(command).not.toContain("--data-raw");
  });

  it("refuses to run without SECRET", () => {
    const command = curlCommand({ method: "GET", url: "http://127.0.0.1:9/x", clientId: "m", body: null });
    expect(() =>
      execFileSync("bash", ["-c", command], { env: { ...process.env, SECRET: "" }, stdio: "pipe" }),
    ).toThrow(/set SECRET to the merchant secret first/);
  });
});
