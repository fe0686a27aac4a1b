import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "@/lib/database/dashboard/audit-actions";
import { activityParts, describeActivity } from "./activity-text";

const U = "0b7c2a4e-1f3d-4c5b-8a9e-6d7f8e9a0b1c";
const O = "7651e0c2-3b4a-4d5e-9f60-718293a4b5c6";
const P = "a1b2c3d4-0000-4000-8000-000000000001";

describe("describeActivity", () => {
  it.each([
    [{ action: "auth.sign-in", target: "u1", targetEmail: "a@x.io", details: {} }, "Signed in"],
    [
      { action: "auth.sign-in-failed", target: "b@x.io", targetEmail: null, details: {} },
      "Failed sign-in as b@x.io",
    ],
    [
      {
        action: "auth.sign-in-failed",
        target: "b@x.io",
        targetEmail: null,
        details: { reason: "wrong-password" },
      },
      "Failed sign-in as b@x.io (wrong password)",
    ],
    [
      {
        action: "user.role",
        target: "u2",
        targetEmail: "c@x.io",
        details: { from: "operator", to: "viewer" },
      },
      "Changed c@x.io from operator to viewer",
    ],
    [
      { action: "user.create", target: "u3", targetEmail: "d@x.io", details: { role: "viewer" } },
      "Added d@x.io as viewer",
    ],
    [
      { action: "user.create", target: "u3", targetEmail: "d@x.io", details: { role: "approver" } },
      "Added d@x.io as approver — who may now approve pay-outs, this admin's own included",
    ],
    [
      {
        action: "user.role",
        target: "u2",
        targetEmail: "c@x.io",
        details: { from: "viewer", to: "approver" },
      },
      "Changed c@x.io from viewer to approver — who may now approve pay-outs, this admin's own included",
    ],
    [
      { action: "settings.approver-hold", target: null, targetEmail: null, details: { from: 0, to: 24 } },
      "Set the wait before a new approver may approve from off to 24 h",
    ],
    [
      { action: "user.disable", target: "u4", targetEmail: null, details: { email: "e@x.io" } },
      "Disabled e@x.io",
    ],
    [
      {
        action: "auth.account-locked",
        target: "u5",
        targetEmail: "f@x.io",
        details: { email: "f@x.io", until: "2026-03-01T10:15:00.000Z" },
      },
      "Locked f@x.io against sign-in until 2026-03-01 10:15 UTC (too many failed attempts)",
    ],
    [
      { action: "user.unlock", target: "u5", targetEmail: "f@x.io", details: { email: "f@x.io" } },
      "Unlocked f@x.io",
    ],
    [
      {
        action: "order.create",
        target: O,
        targetEmail: null,
        details: {
          direction: "payin",
          paymentMethod: "SBP",
          amount: "150.00",
          paymentId: P,
          outcome: "In progress",
        },
      },
      "Created the pay-in a1b2c3d4 (SBP, 150.00): In progress",
    ],
    [
      { action: "order.sandbox-status", target: O, targetEmail: null, details: { status: "Success" } },
      "Asked the sandbox to mark order 7651e0c2 as Success",
    ],
    [
      { action: "orders.export", target: null, targetEmail: null, details: { filters: {} } },
      "Exported all orders as CSV",
    ],
    [
      {
        action: "orders.export",
        target: null,
        targetEmail: null,
        details: { filters: { direction: "payout", status: "Success" } },
      },
      "Exported orders with direction “pay-out”, status “Success” as CSV",
    ],
    [
      { action: "requests.export", target: null, targetEmail: null, details: { filters: { status: "5xx" } } },
      "Exported calls to the payment service with status “5xx” as CSV",
    ],
    [
      { action: "user.password-reset", target: U, targetEmail: "g@x.io", details: { email: "g@x.io" } },
      "Reset the password of g@x.io (signed out; a one-time password must be replaced at the next sign-in)",
    ],
    [
      { action: "user.password-change", target: U, targetEmail: "g@x.io", details: { afterReset: true } },
      "Replaced their one-time password with a new password",
    ],
    [
      { action: "callback.reapply", target: O, targetEmail: null, details: { outcome: "applied" } },
      "Re-applied a callback 7651e0c2: Applied",
    ],
    [
      {
        action: "callbacks.reapply-filter",
        target: null,
        targetEmail: null,
        details: { filters: { outcome: "unknown-order" }, count: 4, outcomes: { applied: 3, refused: 1 } },
      },
      "Re-applied 4 callbacks (outcome “Unknown order”): 3 applied, 1 refused",
    ],
    [
      {
        action: "callbacks.reapply-filter",
        target: null,
        targetEmail: null,
        // As jsonb gives it back: keys by length, not as written.
        details: { filters: { method: "Card", outcome: "applied" }, count: 1, outcomes: { duplicate: 1 } },
      },
      "Re-applied 1 callback (outcome “Applied”, method “Card”): 1 duplicate",
    ],
    [
      { action: "callback.resend", target: O, targetEmail: null, details: {} },
      "Asked the sandbox to send a callback 7651e0c2 again",
    ],
  ])("%j -> %s", (entry, text) => {
    expect(describeActivity(entry)).toBe(text);
  });

  it("links a user to their row on /users and an order to its page", () => {
    expect(activityParts({ action: "user.enable", target: U, targetEmail: "g@x.io", details: {} })).toEqual([
      "Enabled ",
      { text: "g@x.io", href: `/users#user-${U}` },
    ]);
    expect(
      activityParts({
        action: "order.retry",
        target: O,
        targetEmail: null,
        details: { direction: "payout", paymentId: P },
      }),
    ).toContainEqual({ text: "a1b2c3d4", href: `/orders/${O}`, title: P });
  });

  it("never shows a code it does not know", () => {
    const text = describeActivity({ action: "order.teleport", target: O, targetEmail: null, details: {} });
    expect(text).not.toContain("order.teleport");
    expect(text).not.toContain(O);
  });
});

describe("every audit action code has a sentence", () => {
  it.each(AUDIT_ACTIONS.map((a) => [a]))("%s", (action) => {
    const text = describeActivity({ action, target: O, targetEmail: null, details: {} });
    expect(text).not.toMatch(/does not describe/);
    expect(text).not.toContain(action);
    expect(text).toMatch(/^[A-Z]/);
  });

  /** Source files that write audit entries, found by their `action: "<code>"` literals. */
  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  }

  it("every code the source writes is registered (so it has a sentence)", () => {
    const root = join(__dirname, "..", "..");
    const written = new Set<string>();
    for (const file of ["lib", "app", "components"].flatMap((d) => sourceFiles(join(root, d)))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\baction:\s*"([a-z]+\.[a-z-]+)"/g)) if (m[1]) written.add(m[1]);
    }
    expect(written.size).toBeGreaterThan(10);
    expect([...written].filter((code) => !(AUDIT_ACTIONS as readonly string[]).includes(code))).toEqual([]);
  });
});
