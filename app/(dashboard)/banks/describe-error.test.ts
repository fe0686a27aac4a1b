import { describe, expect, it } from "vitest";
import {
  PaymentApiContractError,
  PaymentApiNetworkError,
  PaymentApiProblemError,
  PaymentApiTimeoutError,
} from "@/lib/payment-api/errors";
import { describeError } from "./describe-error";

const request = "GET /api/v1/bank/available?country=RU";

describe("describeError", () => {
  it("timeout", () => {
    const v = describeError(new PaymentApiTimeoutError({ timeoutMs: 2500, attempts: 3, request }));
    expect(v.title).toBe("The payment service did not answer in time");
    expect(v.detail).toContain("2.5 s, after 3 attempts");
  });

  it("network", () => {
    const cause = new TypeError("fetch failed", {
      cause: Object.assign(new Error("x"), { code: "ECONNREFUSED" }),
    });
    const v = describeError(new PaymentApiNetworkError({ attempts: 1, request, cause }));
    expect(v.title).toBe("The payment service cannot be reached");
    expect(v.detail).toBe(
      "ECONNREFUSED (x), after 1 attempt. Check that it is running and that PAYMENT_API_BASE_URL points at it.",
    );
  });

  it("401 points at the credentials", () => {
    const e = new PaymentApiProblemError(
      { type: "about:blank", title: "Unauthorized", status: 401, detail: "Bad signature" },
      { status: 401, attempts: 1, request },
    );
    expect(describeError(e)).toEqual({
      title: "The payment service refused our credentials (401)",
      detail: "Bad signature. Check PAYMENT_API_CLIENT_ID and PAYMENT_API_SECRET.",
      items: [],
    });
  });

  it("400 lists the failing fields", () => {
    const e = new PaymentApiProblemError(
      {
        type: "about:blank",
        title: "Bad Request",
        status: 400,
        errors: [{ path: "country", message: "Must be an ISO 3166-1 alpha-2 country code" }],
      },
      { status: 400, attempts: 1, request },
    );
    expect(describeError(e).items).toEqual(["country: Must be an ISO 3166-1 alpha-2 country code"]);
  });

  it("5xx and contract", () => {
    const e5 = new PaymentApiProblemError(
      { type: "about:blank", title: "Service Unavailable", status: 503 },
      { status: 503, attempts: 3, request },
    );
    expect(describeError(e5).title).toBe("The payment service failed (503 Service Unavailable)");
    const c = new PaymentApiContractError({
      status: 200,
      issues: [{ path: "0.id", message: "Invalid input: expected number, received string" }],
      attempts: 1,
      request,
    });
    expect(describeError(c).items).toEqual(["0.id: Invalid input: expected number, received string"]);
  });
});
