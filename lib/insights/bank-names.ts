/**
 * Names for the rollups' bank keys (pure): a pay-out's bank is kept as `bankId:<id>` (migration 0031), and
 * named here as its recipient card names it, from the bank directory of the country its bankId comes from.
 */
import { bankDirectoryCountry, type Direction } from "@/lib/contract";
import type { RollupDimensionRow } from "@/lib/database/dashboard/insights-rows";

const BANK_ID_KEY = /^bankId:(\d+)$/;

/** A country's bank directory (id → name); rejects when it cannot be read. */
export type BankDirectory = (country: string) => Promise<readonly { id: number; name: string }[]>;

/** The rows with every `bankId:<id>` key replaced by the bank's name, or "Bank id <id>" when it has none. */
export async function nameBanks(
  rows: readonly RollupDimensionRow[],
  directory: BankDirectory,
): Promise<RollupDimensionRow[]> {
  const directories = new Map<string, Promise<Map<number, string>>>();
  const namesOf = (country: string) => {
    let names = directories.get(country);
    if (!names) {
      names = directory(country).then(
        (banks) => new Map(banks.map((b) => [b.id, b.name])),
        // Unread, the page still counts the bank, by its id.
        () => new Map<number, string>(),
      );
      directories.set(country, names);
    }
    return names;
  };
  return Promise.all(
    rows.map(async (row) => {
      const id = BANK_ID_KEY.exec(row.bank)?.[1];
      if (id === undefined) return row;
      const country = bankDirectoryCountry(row.direction as Direction, row.method, row.country);
      const name = (await namesOf(country)).get(Number(id));
      return { ...row, bank: name ?? `Bank id ${id}` };
    }),
  );
}
