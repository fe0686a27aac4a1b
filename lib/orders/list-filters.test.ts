import { describe, expect, it } from "vitest";
import { orderListQuery, parseCursor, parseOrderListParams } from "./list-filters";

const id = "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10";

describe("parseOrderListParams", () => {
  it.each([
    ["q", "a\u0000b", /"q" must not contain a NUL/],
    ["status", "\u0000", /"status" must not contain a NUL/],
    ["method", "\ud800", /"method" must not contain an unpaired UTF-16 surrogate/],
    ["after", "\u0000", /"after" must not contain a NUL/],
  ])(
    "refuses %s with text the product does not accept, naming it, and never uses it",
    (key, value, message) => {
      const { filters, page, errors, raw } = parseOrderListParams({
        [key]: value,
        country: "br",
      });
      expect(errors).toEqual([{ field: key, message: expect.stringMatching(message) }]);
      expect(filters).toEqual({ country: "BR" });
      expect(page).toEqual({});
      expect(raw).toEqual({ country: "br" });
    },
  );

  it("a search of fewer than 4 characters says 4 are needed and is not used; 4 are searched", () => {
    for (const q of ["a", "7f", " ana "]) {
      const r = parseOrderListParams({ q, status: "Failed" });
      expect(r.errors).toEqual([{ field: "q", message: "Type at least 4 characters to search" }]);
      expect(r.filters).toEqual({ status: "Failed" });
    }
    expect(parseOrderListParams({ q: "7f3a" })).toMatchObject({ errors: [], filters: { q: "7f3a" } });
  });

  it("reads every filter, trimming and normalising", () => {
    const { filters, page, errors } = parseOrderListParams(
      new URLSearchParams({
        direction: "payout",
        method: "PIX_OUT_EVP",
        status: " In progress ",
        country: "br",
        from: "2026-02-01",
        to: "2026-02-28",
        q: " ana@example.com ",
        after: `1763798400123456_${id.toUpperCase()}`,
      }),
    );
    expect(errors).toEqual([]);
    expect(filters).toEqual({
      direction: "payout",
      method: "PIX_OUT_EVP",
      status: "In progress",
      country: "BR",
      from: "2026-02-01",
      to: "2026-02-28",
      q: "ana@example.com",
    });
    expect(page).toEqual({ after: `1763798400123456_${id.toUpperCase()}` });
  });

  it("ignores empty values (an untouched GET form)", () => {
    const r = parseOrderListParams({ direction: "", method: "", q: "  ", from: "" });
    expect(r).toEqual({ filters: {}, page: {}, errors: [], raw: {} });
  });

  it.each([
    ["direction", "refund", "Direction must be payin or payout"],
    ["method", "Cash", 'Unknown payment method "Cash"'],
    ["country", "XX", "Country must be an ISO 3166-1 alpha-2 code (e.g. RU)"],
    ["from", "2026-02-30", '"from" must be a date as YYYY-MM-DD, from 1970-01-01 to 9999-12-30'],
    ["to", "yesterday", '"to" must be a date as YYYY-MM-DD, from 1970-01-01 to 9999-12-30'],
    ["after", "12_nope", "Page position is malformed; start again from the first page"],
  ])("names the field of a bad %s and leaves it out", (field, value, message) => {
    const r = parseOrderListParams({ [field]: value });
    expect(r.errors).toEqual([{ field, message }]);
    expect(r.filters).toEqual({});
    expect(r.page).toEqual({});
    if (field !== "after") expect(r.raw).toEqual({ [field]: value });
  });

  it("refuses a range that ends before it starts", () => {
    const r = parseOrderListParams({ from: "2026-03-02", to: "2026-03-01" });
    expect(r.errors).toEqual([{ field: "to", message: '"to" must not be before "from"' }]);
    expect(r.filters).toEqual({ from: "2026-03-02" });
  });

  it("parses cursors and builds links from filters", () => {
    expect(parseCursor(`17_${id}`)).toEqual({ micros: "17", id });
    expect(parseCursor(`x_${id}`)).toBeNull();
    expect(orderListQuery({ direction: "payin", q: "a b" }, { after: `1_${id}` })).toBe(
      `direction=payin&q=a+b&after=1_${id}`,
    );
  });
});
