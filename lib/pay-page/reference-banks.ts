/**
 * Reference data the pay page reads on the server: the bank directory (names, logos) and NSPK's bank-app
 * list (schemes for deep links, popular banks first, as NSPK orders them).
 */
import "server-only";
import banks from "@/lib/reference-data/banks.json";
import nspk from "@/lib/reference-data/nspk-c2bmembers.json";
import { transliterate } from "@/lib/i18n/transliterate";

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

/** The logo of the bank that receives the payment, by directory id or else by name, where known. */
export function findBankBrand(ref: { bankId?: number; bankName?: string }): BankBrand {
  const byId = ref.bankId === undefined ? undefined : DIRECTORY.find((b) => b.id === ref.bankId);
  const name = ref.bankName?.trim().toLowerCase();
  const bank =
    byId ??
    (name
      ? DIRECTORY.find((b) => b.name.toLowerCase() === name || b.nameLocal.toLowerCase() === name)
      : undefined);
  return bank?.logoUrl ? { logoUrl: bank.logoUrl } : {};
}

export interface BankApp {
  name: string;
  /** The app's URL scheme, exactly as NSPK lists it. */
  scheme: string;
  logoUrl: string;
  /** Lower-case text the chooser's search matches: the name, its Latin spelling and the English name. */
  searchText: string;
}

/** Every bank app in NSPK's order (largest banks first). */
export function listBankApps(): BankApp[] {
  return APPS.map((app) => {
    const english = DIRECTORY.find((b) => b.appScheme === app.schema)?.name ?? "";
    return {
      name: app.bankName,
      scheme: app.schema,
      logoUrl: app.logoURL,
      searchText: [app.bankName.toLowerCase(), transliterate(app.bankName), english.toLowerCase()].join(" "),
    };
  });
}
