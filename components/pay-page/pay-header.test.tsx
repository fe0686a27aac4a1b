import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { getMessages, LOCALES } from "@/lib/i18n";
import { PayHeader } from "./pay-header";

describe("the pay page's header", () => {
  test.each(LOCALES)("%s: whom the customer pays, their logo and the order reference", (locale) => {
    const m = getMessages(locale);
    const html = renderToStaticMarkup(
      <PayHeader
        m={m}
        locale={locale}
        merchant={{ name: "Acme & Co", logoUrl: "https://cdn.example/acme.svg" }}
        orderRef="7c0f3e2a"
      />,
    );
    expect(html).toContain(`<h1`);
    expect(html).toContain(m.payTo.replace("{merchant}", "Acme &amp; Co"));
    expect(html).toMatch(/<img[^>]+src="https:\/\/cdn\.example\/acme\.svg"[^>]*>/);
    expect(html).toMatch(/<img[^>]+alt=""[^>]+width="40"[^>]+height="40"/);
    expect(html).toContain(m.orderRef.replace("{ref}", "7c0f3e2a"));
  });

  test("without configuration: the plain title and the lock, no logo, no reference", () => {
    const m = getMessages("en");
    const html = renderToStaticMarkup(<PayHeader m={m} locale="en" merchant={{}} />);
    expect(html).toMatch(/<h1[^>]*>Payment<\/h1>/);
    expect(html).not.toContain("<img");
    expect(html).not.toContain('data-testid="order-ref"');
  });
});
