import { expect, type Page, test } from "@playwright/test";

/**
 * The dashboard's pages ship zod with its English messages only (next.config.ts, lib/zod-english-locale.ts):
 * without the build's alias every page carried all of zod's languages, 191 KB of script no one reads.
 */

/** Words of zod's messages in other languages (its German, French, Polish, Japanese and Russian files). */
const OTHER_LANGUAGES = [
  "Ungültige Eingabe",
  "Entrée invalide",
  "Nieprawidłow",
  "無効な入力",
  "Неверный ввод",
];

/** The text of every script the page loads while `open` runs. */
async function scriptsOf(page: Page, open: () => Promise<unknown>): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text());
  });
  await open();
  await page.waitForLoadState("networkidle");
  return Promise.all(bodies);
}

for (const path of ["/payins/new", "/orders"]) {
  test(`${path} loads zod's English messages and no other language's`, async ({ page }) => {
    const scripts = await scriptsOf(page, () => page.goto(path));
    expect(scripts.length).toBeGreaterThan(0);
    // zod is on the page (its forms and filters validate with it), with its default messages.
    expect(scripts.some((s) => s.includes("Invalid input: expected"))).toBe(true);
    for (const words of OTHER_LANGUAGES) {
      expect(scripts.filter((s) => s.includes(words)).length, `scripts with "${words}"`).toBe(0);
    }
  });
}
