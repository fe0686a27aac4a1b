import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BankAppList } from "@/components/pay-page/bank-app-list";
import { BankAppsScreen } from "@/components/pay-page/bank-apps-screen";
import { payPageMerchant } from "@/lib/pay-page/merchant";
import { getDb, getEnv } from "@/lib/runtime";
import { getPayPageOrder } from "@/lib/database/dashboard/queries/pay-page";
import { getMessages } from "@/lib/i18n";
import { matchesBankQuery } from "@/lib/pay-page/bank-search";
import { payPageLocale } from "@/lib/pay-page/page-locale";
import { listBankApps, localBankName } from "@/lib/pay-page/reference-banks";
import { isWellFormedPayToken } from "@/lib/pay-page/token";
import { buildPayPageView } from "@/lib/pay-page/view-model";

type Params = { params: Promise<{ token: string }> };
type Props = Params & { searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const m = getMessages(await payPageLocale());
  return {
    title: { absolute: m.chooserTitle },
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

/**
 * Every bank app's link for an NSPK QR order that can still be paid: a page of its own, which works without
 * JavaScript (its search too: a GET form to `?q=`), and where the pay page's chooser loads its list from
 * when first opened.
 */
export default async function BankAppsPage({ params, searchParams }: Props) {
  const { token } = await params;
  const { q } = await searchParams;
  const query = (Array.isArray(q) ? q[0] : q)?.slice(0, 100) ?? "";
  if (!isWellFormedPayToken(token)) notFound();
  const row = await getPayPageOrder(await getDb(), token);
  if (!row) notFound();
  const locale = await payPageLocale();
  const view = buildPayPageView(row, locale, Date.now(), (ref) => localBankName(ref, locale));
  const d = view?.details;
  if (view?.phase !== "pay" || d?.kind !== "nspkQr" || !d.nspkUrl) notFound();
  const apps = listBankApps(locale);
  const appsPath = `/pay/${encodeURIComponent(token)}/apps`;

  return (
    <BankAppsScreen
      locale={locale}
      view={view}
      merchant={payPageMerchant(getEnv())}
      payPath={`/pay/${encodeURIComponent(token)}`}
      appsPath={appsPath}
      query={query}
      noMatch={!apps.some((a) => matchesBankQuery(a.searchText, query))}
    >
      <BankAppList nspkUrl={d.nspkUrl} apps={apps} query={query} />
    </BankAppsScreen>
  );
}
