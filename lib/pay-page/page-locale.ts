import "server-only";
import { headers } from "next/headers";
import { DOCUMENT_LANG_HEADER } from "@/lib/document-lang";
import { type Locale, negotiateLocale, toLocale } from "@/lib/i18n";

/**
 * The pay page's language for this request (the page and its not-found page alike). Staff pages ask it too,
 * to name banks as the pay page would for the same browser (viewer-bank-name.ts).
 */
export async function payPageLocale(): Promise<Locale> {
  const h = await headers();
  // proxy.ts has negotiated already (?lang=, the cookie, Accept-Language); the fallback covers a deployment
  // that runs without it.
  return (
    toLocale(h.get(DOCUMENT_LANG_HEADER)) ?? negotiateLocale({ acceptLanguage: h.get("accept-language") })
  );
}
