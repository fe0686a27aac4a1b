import { describe, expect, test } from "vitest";
import { listBankApps } from "@/lib/pay-page/reference-banks";
import { bankAppListHtml } from "./bank-app-list";

const URL_ = "https://qr.nspk.ru/AS1A2B3C?type=02&bank=100000000111&sum=150037&cur=RUB&crc=AB12";

describe("the bank-app list as markup", () => {
  test("one link per app, in NSPK's order, with its own scheme, name and search text", () => {
    const apps = listBankApps("ru");
    const html = bankAppListHtml(URL_, apps);
    expect(html.match(/<li /g)).toHaveLength(apps.length);
    expect(html).toContain(
      `<a href="bank100000000111://qr.nspk.ru/AS1A2B3C?type=02&amp;bank=100000000111&amp;sum=150037&amp;cur=RUB&amp;crc=AB12"`,
    );
    expect(html.indexOf(">Сбербанк</span>")).toBeLessThan(html.indexOf(">Банк ВТБ</span>"));
    expect(html).toMatch(/<li data-search="[^"]*sberbank[^"]*">/);
    // The logo as a custom property, which the CSS uses only once the chooser is open.
    expect(html).toContain(
      'style="--logo:url(&quot;https://qr.nspk.ru/proxyapp/logo/bank100000000111.png&quot;)"',
    );
    expect(html).not.toContain("background-image");
  });

  test("a search (?q=) hides the apps that do not match, and only them", () => {
    const apps = listBankApps("en");
    const html = bankAppListHtml(URL_, apps, "Tinkoff");
    expect(html.match(/<li [^>]*>/g)!.filter((li) => !li.endsWith(" hidden>"))).toHaveLength(1);
    expect(html).toMatch(/<li data-search="[^"]*tinkoff[^"]*">[\s\S]*?<span>T-Bank<\/span>/);
    expect(html.match(/ hidden>/g)).toHaveLength(apps.length - 1);
  });

  test("every value is escaped: a hostile link or name cannot break out of the markup", () => {
    const html = bankAppListHtml('https://qr.nspk.ru/x?a="><script>alert(1)</script>', [
      {
        name: `<img src=x onerror=alert(1)>"`,
        scheme: "bank1",
        logoUrl: 'https://x/")<b>',
        searchText: `"><i>`,
      },
    ]);
    expect(html).not.toMatch(/<script|<img|<b>|<i>/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;&quot;");
    expect(html).toContain('href="bank1://qr.nspk.ru/x?a=&quot;&gt;&lt;script&gt;');
  });
});
