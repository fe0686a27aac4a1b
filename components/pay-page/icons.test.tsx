import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { CopyButton } from "@/components/copy-button/copy-button";
import { getMessages, LOCALES } from "@/lib/i18n";
import { payCopyProps } from "./copy-props";
import { StatusScreen } from "./status-screen";

/** Arrows, technical and math symbols, dingbats, emoji: glyphs many phones' fonts lack. */
const SYMBOL = /[\u2190-\u2bff\u{1f300}-\u{1faff}]/u;

describe("the pay page's icons are inline SVG, not text symbols", () => {
  test.each(["success", "failed", "expired"] as const)("the %s screen's sign", (tone) => {
    const html = renderToStaticMarkup(<StatusScreen tone={tone} title="Title" body="Body" />);
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"[^>]*>.*<\/svg>/);
    expect(html).toMatch(/stroke="currentColor"/);
    expect(html).not.toMatch(SYMBOL);
  });

  test.each(LOCALES)("%s: the copy button's icon", (locale) => {
    const html = renderToStaticMarkup(
      <CopyButton value="1500.00" label="Amount" {...payCopyProps(getMessages(locale))} />,
    );
    expect(html).toMatch(/<button[^>]*>.*<svg/);
    expect(html).not.toMatch(SYMBOL);
  });
});

test("the server's copy button is invisible (it cannot copy until the page's script runs)", () => {
  const html = renderToStaticMarkup(
    <CopyButton value="1500.00" label="Amount" {...payCopyProps(getMessages("ru"))} />,
  );
  expect(html).toMatch(/<button[^>]*style="visibility:hidden"/);
});
