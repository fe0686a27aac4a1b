/**
 * Reference data the pay page reads on the server: the bank directory (names, logos) and NSPK's bank-app
 * list (schemes for deep links, popular banks first, as NSPK orders them).
 */
import "server-only";
import banks from "@/lib/reference-data/banks.json";
import nspk from "@/lib/reference-data/nspk-c2bmembers.json";
import type { Locale } from "@/lib/i18n";
import { romanize, transliterate } from "@/lib/i18n/transliterate";
import { BANK_APP_ALIASES } from "./bank-aliases";
import { bankSearchText } from "./bank-search";

interface DirectoryBank {
  id: number;
  name: string;
  nameLocal: string;
  alpha2: string;
  nspk: string;
  appScheme?: string;
  logoUrl?: string;
}

interface NspkMember {
  bankName: string;
  logoURL: string;
  schema: string;
}

const DIRECTORY = banks as DirectoryBank[];
const APPS = (nspk as { dictionary: NspkMember[] }).dictionary;

export interface BankBrand {
  logoUrl?: string;
}

export interface BankRef {
  bankId?: number;
  bankName?: string;
}

/** The directory's record of a bank, by directory id or else by its English or local name. */
function findBank(ref: BankRef): DirectoryBank | undefined {
  const byId = ref.bankId === undefined ? undefined : DIRECTORY.find((b) => b.id === ref.bankId);
  const name = ref.bankName?.trim().toLowerCase();
  return (
    byId ??
    (name
      ? DIRECTORY.find((b) => b.name.toLowerCase() === name || b.nameLocal.toLowerCase() === name)
      : undefined)
  );
}

/** The logo of the bank that receives the payment, where known. */
export function findBankBrand(ref: BankRef): BankBrand {
  const bank = findBank(ref);
  return bank?.logoUrl ? { logoUrl: bank.logoUrl } : {};
}

const CYRILLIC = /\p{Script=Cyrillic}/u;

/**
 * The bank's name as a customer reading `locale` knows it: in Russian, NSPK's name for the bank's app (the
 * one the bank-app chooser shows: "Сбербанк") or else the directory's local name when it is written in
 * Cyrillic; in Portuguese and English, the directory's name ("Itaú Unibanco", not the registry's
 * "ITAÚ UNIBANCO S.A."). A bank the directory does not know keeps the name the service sent.
 */
export function localBankName(ref: BankRef & { bankName: string }, locale: Locale): string {
  const bank = findBank(ref);
  if (!bank) return ref.bankName;
  if (locale === "ru") {
    const app = bank.appScheme ? APPS.find((a) => a.schema === bank.appScheme) : undefined;
    if (app) return app.bankName;
    return CYRILLIC.test(bank.nameLocal) ? bank.nameLocal : bank.name;
  }
  return bank.name;
}

export interface BankApp {
  name: string;
  /** The app's URL scheme, exactly as NSPK lists it. */
  scheme: string;
  logoUrl: string;
  /** What the chooser's search matches (bankSearchText): every name the bank is known by, in both scripts. */
  searchText: string;
}

/**
 * Every bank app in NSPK's order (largest banks first), named for a reader of `locale`: NSPK's Russian name
 * in Russian; elsewhere the directory's English name, or else NSPK's name in Latin letters.
 */
export function listBankApps(locale: Locale): BankApp[] {
  return APPS.map((app) => {
    const latin = DIRECTORY.find((b) => b.appScheme === app.schema)?.name ?? romanize(app.bankName);
    const aliases = BANK_APP_ALIASES[app.schema] ?? [];
    return {
      name: locale === "ru" ? app.bankName : latin,
      scheme: app.schema,
      logoUrl: app.logoURL,
      searchText: bankSearchText([
        app.bankName,
        transliterate(app.bankName),
        latin,
        ...aliases,
        ...aliases.map(transliterate),
      ]),
    };
  });
}
