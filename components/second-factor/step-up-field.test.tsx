import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";

vi.mock("@/lib/actions/step-up-passkey-action", () => ({ stepUpPasskeyAction: vi.fn() }));
vi.mock("@/lib/actions/step-up-passkey-options-action", () => ({ stepUpPasskeyOptionsAction: vi.fn() }));

const { StepUpField } = await import("./step-up-field");

const render = (prompt: Parameters<typeof StepUpField>[0]["prompt"], errors: Record<string, string> = {}) =>
  renderToStaticMarkup(<StepUpField prompt={prompt} idPrefix="s" errors={errors} />);

/** Second-factor screens (issue 43 §4): what the step-up shows beside the form's own action. */
describe("the step-up field", () => {
  test("the passkey check is its own framed step, not a second 'passkey' button beside Add passkey", () => {
    const html = render({ kind: "second-factor", totp: true, passkey: true });
    expect(html).toContain("<legend>Confirm it is you</legend>");
    expect(html).toContain(">Confirm with a passkey</button>");
    expect(html).not.toContain("Use passkey");
    expect(html).toContain('name="code"');
    expect(html).toContain(
      "Each code works once: if you have just used the one it shows, wait for the next.",
    );
  });

  test("no code field where no code is needed: the session confirmed it is them within 5 minutes", () => {
    const html = render({ kind: "second-factor", totp: true, passkey: true, fresh: true });
    expect(html).not.toContain('name="code"');
    expect(html).not.toContain("Confirm with a passkey");
    expect(html).toContain(
      "No code needed: you confirmed it is you with your second factor less than 5 minutes ago.",
    );
  });

  test("the code field comes back when the server says the check has lapsed meanwhile", () => {
    const html = render(
      { kind: "second-factor", totp: true, passkey: false, fresh: true },
      { code: "Enter the 6-digit code from your authenticator app, or confirm with a passkey." },
    );
    expect(html).toContain('name="code"');
  });
});
