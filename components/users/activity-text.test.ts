import { describe, expect, it } from "vitest";
import { describeActivity } from "./activity-text";

describe("describeActivity", () => {
  it.each([
    [{ action: "auth.sign-in", target: "u1", targetEmail: "a@x.io", details: {} }, "Signed in"],
    [
      { action: "auth.sign-in-failed", target: "b@x.io", targetEmail: null, details: {} },
      "Failed sign-in as b@x.io",
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
    [{ action: "order.create", target: "o1", targetEmail: null, details: {} }, "order.create o1"],
  ])("%j -> %s", (entry, text) => {
    expect(describeActivity(entry)).toBe(text);
  });
});
