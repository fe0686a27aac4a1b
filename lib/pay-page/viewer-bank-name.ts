/**
 * A bank's name on a staff page, as the customer's pay page names it (docs/architecture.md, Banks): the pay page's
 * language for this browser (payPageLocale), the pay page's naming (localBankName). One source, so staff
 * reading in Russian see "Сбербанк" where a Russian-speaking customer does, not "Sberbank".
 */
import "server-only";
import { type BankRef, localBankName } from "./reference-banks";
import { payPageLocale } from "./page-locale";

export type BankNamer = (ref: BankRef & { bankName: string }) => string;

/** The naming for this request's viewer. */
export async function viewerBankNamer(): Promise<BankNamer> {
  const locale = await payPageLocale();
  return (ref) => localBankName(ref, locale);
}
