import { describe, expect, it } from "vitest";
import { callListQuery, parseCallListParams, statusMatch } from "./list-filters";

const parse = (query: string) => parseCallListParams(new URLSearchParams(query));

describe("parseCallListParams", () => {
  it("reads every filter, trimmed and normalised", () => {
    const { filters, errors } = parse(
      "order=+7651ab12+&call=payin-create&status=5XX&who=Ops@Example.com&from=2026-03-01&to=2026-03-02&banks=1",
    );
    expect(errors).toEqual([]);
    expect(filters).toEqual({
      order: "7651ab12",
      call: "payin-create",
      status: "5xx",
      who: "ops@example.com",
      from: "2026-03-01",
      to: "2026-03-02",
      banks: "1",
    });
    expect(callListQuery(filters, { after: "1_x" })).toBe(
      "order=7651ab12&call=payin-create&status=5xx&who=ops%40example.com&from=2026-03-01&to=2026-03-02&banks=1&after=1_x",
    );
  });

  it("ignores blank values (an untouched GET form)", () => {
    expect(parse("order=&call=&status=+&who=&from=&to=")).toEqual({
      filters: {},
      page: {},
      errors: [],
      raw: {},
    });
  });

  it.each([
    ["call=refund", "call", 'Unknown call "refund"'],
    ["status=600", "status", "Status must be an HTTP status (404), a class (4xx), timeout or network"],
    ["status=4x", "status", "Status must be an HTTP status (404), a class (4xx), timeout or network"],
    ["status=slow", "status", "Status must be an HTTP status (404), a class (4xx), timeout or network"],
    ["who=bob", "who", '"who" must be a user\'s email or "system"'],
    ["banks=yes", "banks", '"banks" must be 1 (show the bank-directory reads) or left out'],
    ["from=2026-02-30", "from", '"from" must be a date as YYYY-MM-DD, from 1970-01-01 to 9999-12-30'],
    [`order=${"a".repeat(255)}`, "order", "Order must be at most 254 characters"],
    ["after=not-a-cursor", "after", "Page position is malformed; start again from the first page"],
    ["order=%00x", "order", undefined],
  ])("refuses %s, naming the field, and applies the rest", (query, field, message) => {
    const rest: Record<string, string> = field === "status" ? { call: "sandbox" } : { status: "200" };
    const { filters, page, errors } = parse(`${query}&${new URLSearchParams(rest)}`);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.field).toBe(field);
    if (message) expect(errors[0]?.message).toBe(message);
    expect(filters).toEqual(rest);
    expect(page).toEqual({});
  });

  it("keeps the values as typed, refused ones too, for the form to show back", () => {
    expect(parse("status=slow&order=%00x&who=Ops@Example.com").raw).toEqual({
      status: "slow",
      who: "Ops@Example.com",
    });
  });

  it("refuses a range that ends before it starts", () => {
    const { filters, errors } = parse("from=2026-03-02&to=2026-03-01");
    expect(filters).toEqual({ from: "2026-03-02" });
    expect(errors).toEqual([{ field: "to", message: '"to" must not be before "from"' }]);
  });
});

describe("statusMatch", () => {
  it("reads a code, a class, and the kinds of missing answer", () => {
    expect(statusMatch("404")).toEqual({ low: 404, high: 404 });
    expect(statusMatch("5xx")).toEqual({ low: 500, high: 599 });
    expect(statusMatch("timeout")).toEqual({ errorKind: "timeout" });
    expect(statusMatch("network")).toEqual({ errorKind: "network" });
    expect(statusMatch("099")).toBeNull();
    expect(statusMatch("6xx")).toBeNull();
  });
});
