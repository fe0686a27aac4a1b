import { NotFoundScreen } from "@/components/pay-page/not-found-screen";
import { payPageLocale } from "@/lib/pay-page/page-locale";
import { payPageMerchant } from "@/lib/pay-page/merchant";
import { getEnv } from "@/lib/runtime";

/**
 * An unknown, malformed or removed pay link (the page calls notFound()): the pay page's look, in the
 * visitor's language, with what to do next — still answered 404.
 */
export default async function PayLinkNotFound() {
  return <NotFoundScreen locale={await payPageLocale()} merchant={payPageMerchant(getEnv())} />;
}
