import { describe, expect, it } from "vitest";
import { saveViewSchema, viewMatching, viewQueryOf } from "./saved-views";

describe("a view's filters", () => {
  it("are kept in one canonical order, without the page position or empty values", () => {
    expect(viewQueryOf("status=Success&direction=payin&after=1763798400123456_x&q=")).toEqual({
      ok: true,
      query: "direction=payin&status=Success",
    });
    expect(viewQueryOf("?country=ru")).toEqual({ ok: true, query: "country=RU" });
  });

  it("must set at least one filter, and a refused filter is named", () => {
    expect(viewQueryOf("")).toEqual({ ok: false, message: "Set at least one filter to save as a view" });
    expect(viewQueryOf("direction=sideways&status=Success")).toEqual({
      ok: false,
      message: "Fix the filters first: Direction must be payin or payout",
    });
  });

  it("match a saved view whatever their order in the URL", () => {
    const views = [{ id: "1", name: "Paid pay-ins", query: "direction=payin&status=Success" }];
    expect(viewMatching(views, "status=Success&direction=payin")?.name).toBe("Paid pay-ins");
    expect(viewMatching(views, "status=Success")).toBeUndefined();
  });
});

describe("the save form", () => {
  it("trims the name and stores the canonical query", () => {
    expect(saveViewSchema.parse({ name: "  Paid  ", query: "status=Success&direction=payin" })).toEqual({
      name: "Paid",
      query: "direction=payin&status=Success",
    });
  });

  it.each([
    [{ name: " ", query: "status=Success" }, "name", "Give the view a name"],
    [{ name: "x".repeat(61), query: "status=Success" }, "name", "The name must be at most 60 characters"],
    [{ name: "a\u0000b", query: "status=Success" }, "name", "Must not contain a NUL character (U+0000)"],
    [{ name: "All", query: "" }, "query", "Set at least one filter to save as a view"],
  ])("refuses %j at %s", (input, field, message) => {
    const parsed = saveViewSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([field, message]);
  });
});
