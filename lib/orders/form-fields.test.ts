import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PAYOUT_DETAIL_FIELDS } from "@/lib/contract";
import { formFieldPaths } from "./form-fields";
import { defaultPayinFormValues, PAYIN_FORM_FIELDS } from "./payin-form-schema";
import { defaultPayoutFormValues, PAYOUT_FORM_FIELDS } from "./payout-form-schema";

/** The value at a dotted path of the form's default values (undefined: the form has no such field). */
function at(values: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], values);
}

describe("formFieldPaths", () => {
  it("lists every leaf as a dotted path, in schema order, looking into optional objects", () => {
    const schema = z.object({
      a: z.string(),
      nested: z.object({ b: z.string().optional(), deeper: z.object({ c: z.number() }) }).optional(),
      d: z.union([z.string(), z.number()]).optional(),
    });
    expect(formFieldPaths(schema)).toEqual(["a", "nested.b", "nested.deeper.c", "d"]);
  });

  it("leaves out the paths it is told to", () => {
    const schema = z.object({ hidden: z.string(), shown: z.string(), group: z.object({ x: z.string() }) });
    expect(formFieldPaths(schema, ["hidden", "group.x"])).toEqual(["shown"]);
  });
});

describe("the order forms' field lists", () => {
  it("pay-in: the fields the form shows (paymentId is a hidden input)", () => {
    expect(PAYIN_FORM_FIELDS).toEqual([
      "paymentMethod",
      "client.id",
      "client.ip",
      "client.email",
      "client.phone",
      "client.firstName",
      "client.lastName",
      "amount",
      "country",
      "trafficType",
      "bankId",
      "addRandomCents",
    ]);
  });

  it("pay-out: the fields the form shows, every payout detail included", () => {
    expect(PAYOUT_FORM_FIELDS).toEqual([
      "paymentMethod",
      "client.id",
      "client.ip",
      "client.email",
      "client.tin",
      "client.phone",
      "amount",
      "country",
      "trafficType",
      "bankId",
      ...PAYOUT_DETAIL_FIELDS.map((f) => `payoutDetails.${f}`),
    ]);
  });

  it("every listed field has a default value in its form, and paymentId is not listed", () => {
    for (const [fields, defaults] of [
      [PAYIN_FORM_FIELDS, defaultPayinFormValues()],
      [PAYOUT_FORM_FIELDS, defaultPayoutFormValues()],
    ] as const) {
      for (const path of fields) expect(at(defaults, path), path).not.toBeUndefined();
      expect(fields).not.toContain("paymentId");
    }
  });
});
