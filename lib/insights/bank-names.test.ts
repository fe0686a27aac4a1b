import { describe, expect, test } from "vitest";
import type { RollupDimensionRow } from "@/lib/database/dashboard/insights-rows";
import { nameBanks } from "./bank-names";
import { summarize } from "./summarize";

const row = (over: Partial<RollupDimensionRow>): RollupDimensionRow => ({
  currency: "RUB",
  direction: "payout",
  method: "SBP",
  country: "RU",
  status: "Success",
  bank: "",
  payBucket: -1,
  reason: "",
  count: 1,
  amount: "100.00",
  ...over,
});

describe("naming the rollups' bank keys", () => {
  test("a pay-out's bankId is named from its country's directory, so success by bank has no '—' for it", async () => {
    const asked: string[] = [];
    const rows = await nameBanks(
      [
        row({ bank: "bankId:1001" }),
        row({ bank: "bankId:1001", status: "Failed" }),
        row({ bank: "bankId:9999" }),
        row({ direction: "payin", method: "Card", bank: "T-Bank" }),
      ],
      async (country) => {
        asked.push(country);
        return [{ id: 1001, name: "Sberbank" }];
      },
    );
    expect(rows.map((r) => r.bank)).toEqual(["Sberbank", "Sberbank", "Bank id 9999", "T-Bank"]);
    expect(asked).toEqual(["RU"]);
    expect(summarize(rows, []).successByBank.map((r) => [r.key, r.success, r.final])).toEqual([
      ["Sberbank", 1, 2],
      ["Bank id 9999", 1, 1],
      ["T-Bank", 1, 1],
    ]);
  });

  test("a directory that cannot be read leaves the id", async () => {
    const rows = await nameBanks([row({ bank: "bankId:1001" })], () => Promise.reject(new Error("down")));
    expect(rows.map((r) => r.bank)).toEqual(["Bank id 1001"]);
  });
});
