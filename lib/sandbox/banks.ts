/** The bank directory the sandbox serves (spec 2.6), from lib/reference-data/banks.json. */
import type { Bank } from "@/lib/contract";
import directory from "@/lib/reference-data/banks.json";

export interface DirectoryBank extends Bank {
  nameLocal: string;
}

const all: readonly DirectoryBank[] = directory.map((b) => ({
  id: b.id,
  name: b.name,
  nameLocal: b.nameLocal,
  alpha2: b.alpha2,
  nspk: b.nspk,
}));

const byCountry = new Map<string, DirectoryBank[]>();
const byId = new Map<number, DirectoryBank>();
for (const bank of all) {
  byId.set(bank.id, bank);
  const list = byCountry.get(bank.alpha2) ?? [];
  list.push(bank);
  byCountry.set(bank.alpha2, list);
}

/** The public records of a country's banks (spec 2.6 fields only), in directory order. */
export function banksOf(country: string): Bank[] {
  return (byCountry.get(country) ?? []).map(({ id, name, alpha2, nspk }) => ({ id, name, alpha2, nspk }));
}

export function findBank(id: number): DirectoryBank | undefined {
  return byId.get(id);
}

/** The bank used when a request names none: the first (largest) bank of the country. */
export function defaultBankOf(country: string): DirectoryBank | undefined {
  return byCountry.get(country)?.[0];
}
