import { describe, expect, it, vi } from "vitest";

/** A second copy of the errors module, as Next.js makes one for instrumentation.ts's bundle. */
async function twoCopies() {
  const first = await import("./errors");
  vi.resetModules();
  const second = await import("./errors");
  return { first, second };
}

describe("PaymentApiError instanceof", () => {
  it("holds across two copies of the module, by kind", async () => {
    const { first, second } = await twoCopies();
    expect(second.PaymentApiProblemError).not.toBe(first.PaymentApiProblemError);
    const refusal = new second.PaymentApiProblemError(
      { type: "urn:x", title: "Invalid request", status: 400 },
      { status: 400, attempts: 1, request: "POST /api/v1/payin/create" },
    );
    expect(refusal instanceof first.PaymentApiError).toBe(true);
    expect(refusal instanceof first.PaymentApiProblemError).toBe(true);
    expect(refusal instanceof first.PaymentApiTimeoutError).toBe(false);
    expect(first.isPaymentApiError(refusal)).toBe(true);

    const timeout = new second.PaymentApiTimeoutError({ timeoutMs: 5, attempts: 2, request: "GET /x" });
    expect(timeout instanceof first.PaymentApiTimeoutError).toBe(true);
    expect(timeout instanceof first.PaymentApiProblemError).toBe(false);
    expect(timeout instanceof first.PaymentApiNetworkError).toBe(false);
  });

  it("is false for other errors and values", async () => {
    const { PaymentApiError, PaymentApiContractError } = await import("./errors");
    expect(new Error("x") instanceof PaymentApiError).toBe(false);
    expect({ kind: "problem" } instanceof PaymentApiError).toBe(false);
    expect((null as unknown as object) instanceof PaymentApiContractError).toBe(false);
  });

  it("keeps the brand out of what is stored", async () => {
    const { PaymentApiNetworkError } = await import("./errors");
    const error = new PaymentApiNetworkError({
      attempts: 1,
      request: "GET /x",
      cause: new Error("ECONNREFUSED"),
    });
    expect(Object.keys(JSON.parse(JSON.stringify(error))).sort()).toEqual(
      ["attempts", "kind", "message", "request", "retryable"].sort(),
    );
  });
});
