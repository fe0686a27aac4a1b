import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { PayPage } from "@/components/pay-page/pay-page";
import { getDb } from "@/lib/db/client";
import { getPayPageOrder } from "@/lib/db/queries/pay-page";
import { DOCUMENT_LANG_HEADER } from "@/lib/document-lang";
import { getMessages, type Locale, negotiateLocale, toLocale } from "@/lib/i18n";
import { findBankBrand, listBankApps } from "@/lib/pay-page/reference-banks";
import { isWellFormedPayToken } from "@/lib/pay-page/token";
import { buildPayPageView } from "@/lib/pay-page/view-model";

type Params = { params: Promise<{ token: string }> };

async function pageLocale(): Promise<Locale> {
  const h = await headers();
  // proxy.ts has negotiated already; the fallback covers a deployment that runs without it.
  return (
    toLocale(h.get(DOCUMENT_LANG_HEADER)) ?? negotiateLocale({ acceptLanguage: h.get("accept-language") })
  );
}

function isPhone(h: Headers): boolean {
  return (
    h.get("sec-ch-ua-mobile") === "?1" || /Mobi|Android|iPhone|iPad|iPod/i.test(h.get("user-agent") ?? "")
  );
}

export async function generateMetadata(): Promise<Metadata> {
  const m = getMessages(await pageLocale());
  return {
    title: { absolute: m.pageTitle },
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

export default async function PayTokenPage({ params }: Params) {
  const { token } = await params;
  if (!isWellFormedPayToken(token)) notFound();
  const row = await getPayPageOrder(await getDb(), token);
  if (!row) notFound();

  const locale = await pageLocale();
  const serverNowMs = Date.now();
  const view = buildPayPageView(row, locale, serverNowMs);
  if (!view) notFound();

  const d = view.details;
  const h = await headers();
  const bankApps = d.kind === "nspkQr" && d.nspkUrl && isPhone(h) ? listBankApps() : null;
  const brand = findBankBrand({
    bankName: view.bankName,
    ...(view.bankId !== undefined ? { bankId: view.bankId } : {}),
  });

  return (
    <PayPage
      token={token}
      locale={locale}
      view={view}
      serverNowMs={serverNowMs}
      bankApps={bankApps}
      {...(brand.logoUrl ? { bankLogoUrl: brand.logoUrl } : {})}
    />
  );
}
