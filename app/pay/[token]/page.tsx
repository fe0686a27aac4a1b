import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { PayPage } from "@/components/pay-page/pay-page";
import { payPageMerchant } from "@/lib/pay-page/merchant";
import { getDb, getEnv } from "@/lib/runtime";
import { getPayPageOrder } from "@/lib/database/dashboard/queries/pay-page";
import { getLatestCaseByPayToken } from "@/lib/database/dashboard/queries/payment-cases";
import { toPublicCase } from "@/lib/cases/public-case";
import { fillMessage, getMessages } from "@/lib/i18n";
import { payPageLocale } from "@/lib/pay-page/page-locale";
import { findBankBrand, localBankName } from "@/lib/pay-page/reference-banks";
import { isPhone } from "@/lib/pay-page/phone";
import { isWellFormedPayToken } from "@/lib/pay-page/token";
import { buildPayPageView } from "@/lib/pay-page/view-model";

type Params = { params: Promise<{ token: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const m = getMessages(await payPageLocale());
  const merchant = getEnv().MERCHANT_DISPLAY_NAME;
  return {
    title: { absolute: merchant ? fillMessage(m.payTo, { merchant }) : m.pageTitle },
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

export default async function PayTokenPage({ params }: Params) {
  const { token } = await params;
  if (!isWellFormedPayToken(token)) notFound();
  const db = await getDb();
  const row = await getPayPageOrder(db, token);
  if (!row) notFound();
  const latestCase = await getLatestCaseByPayToken(db, token);

  const locale = await payPageLocale();
  const serverNowMs = Date.now();
  const view = buildPayPageView(row, locale, serverNowMs, (ref) => localBankName(ref, locale));
  if (!view) notFound();

  const d = view.details;
  const h = await headers();
  const offerBankApps = d.kind === "nspkQr" && !!d.nspkUrl && isPhone(h);
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
      offerBankApps={offerBankApps}
      merchant={payPageMerchant(getEnv())}
      paidCase={latestCase ? toPublicCase(latestCase) : null}
      {...(brand.logoUrl ? { bankLogoUrl: brand.logoUrl } : {})}
    />
  );
}
