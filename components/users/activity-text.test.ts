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
    [{ action: "order.create", target: "o1", targetEmail: null, details: {} }, "order.create o1"],
  ])("%j -> %s", (entry, text) => {
    expect(describeActivity(entry)).toBe(text);
  });
});
