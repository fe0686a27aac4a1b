import { describe, expect, it } from "vitest";
import { failureInWords, isRefusal, REFUSAL_STATUSES, refusalReasons } from "./refusal";

describe("isRefusal: a 4xx about the order itself is final, the rest stays retryable", () => {
  it.each(REFUSAL_STATUSES)("a %i problem is a refusal", (status) => {
    expect(isRefusal({ kind: "problem", status })).toBe(true);
  });

  it.each([
    [401, "our credentials"],
    [403, "our credentials"],
    [404, "our base URL"],
    [408, "a request timeout"],
    [425, "too early"],
    [429, "rate limited"],
    [500, "a fault"],
    [502, "a gateway"],
    [503, "unavailable"],
  ])("a %i problem (%s) stays retryable", (status) => {
    expect(isRefusal({ kind: "problem", status })).toBe(false);
  });

  it.each([
    { kind: "timeout" },
    { kind: "network" },
    { kind: "contract", status: 200 },
    { kind: "internal" },
    { kind: "resume-needs-input" },
    { kind: "problem" },
    { kind: "problem", status: "400" },
  ])("$kind with status $status is not a refusal", (failure) => {
    expect(isRefusal(failure)).toBe(false);
  });

  it("nothing stored is not a refusal", () => {
    expect(isRefusal(null)).toBe(false);
    expect(isRefusal(undefined)).toBe(false);
  });
});

describe("refusalReasons: the service's words, under the form's labels", () => {
  const label = (path: string) => (path === "amount" ? "Amount" : path);

  it("gives the detail and each field error with its label", () => {
    const lastError = {
      kind: "problem",
      status: 400,
      message: "400 Bad Request",
      problem: {
        type: "urn:x",
        title: "Invalid request",
        status: 400,
        detail: "1 field is invalid",
        errors: [
          { path: "amount", message: "Must be at least 10.00 for Card pay-ins" },
          { path: "(body)", message: "Odd" },
        ],
      },
    };
    expect(refusalReasons(lastError, label)).toEqual({
      summary: "1 field is invalid",
      fields: [
        { path: "amount", label: "Amount", message: "Must be at least 10.00 for Card pay-ins" },
        { path: "(body)", label: "(body)", message: "Odd" },
      ],
    });
  });

  it("falls back to the title, then the message, and skips malformed entries", () => {
    const problem = { title: "Conflict", errors: [null, { path: 1 }, "x"] };
    expect(refusalReasons({ problem }, label)).toEqual({ summary: "Conflict", fields: [] });
    expect(refusalReasons({ message: "409 Conflict" }, label).summary).toBe("409 Conflict");
    expect(refusalReasons(null, label).summary).toMatch(/no reason/);
  });
});

describe("failureInWords: what the submissions list and the activity log say after “Refused:”", () => {
  it("names each refused field with the service's message", () => {
    const lastError = {
      kind: "problem",
      status: 400,
      message: "400 Bad Request",
      problem: {
        title: "Invalid request",
        detail: "Invalid fields: amount",
        errors: [{ path: "amount", message: "Must be between 10.00 and 500000.00 for Card pay-ins" }],
      },
    };
    expect(failureInWords(lastError)).toBe("amount must be between 10.00 and 500000.00 for Card pay-ins");
  });

  it("without field errors: the detail, else the title, else the error's message", () => {
    expect(
      failureInWords({ kind: "problem", problem: { title: "Conflict", detail: "paymentId reused" } }),
    ).toBe("paymentId reused");
    expect(failureInWords({ kind: "problem", problem: { title: "Conflict" } })).toBe("Conflict");
    expect(failureInWords({ kind: "timeout", message: "No answer within 10000 ms" })).toBe(
      "No answer within 10000 ms",
    );
  });
});
