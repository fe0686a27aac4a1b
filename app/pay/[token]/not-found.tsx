import { NotFoundScreen } from "@/components/pay-page/not-found-screen";
import { env } from "@/lib/env";
import { payPageLocale } from "@/lib/pay-page/page-locale";

/**
 * An unknown, malformed or removed pay link (the page calls notFound()): the pay page's look, in the
 * visitor's language, with what to do next — still answered 404.
 */
export default async function PayLinkNotFound() {
  return (
    <NotFoundScreen
      locale={await payPageLocale()}
      merchant={{ name: env.MERCHANT_DISPLAY_NAME, logoUrl: env.MERCHANT_LOGO_URL }}
    />
  );
}
