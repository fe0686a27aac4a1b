import { expect, type Page, test } from "@playwright/test";
import { E2E } from "./config";

/**
 * Issue 8's headers: every page carries a nonce-based Content-Security-Policy that refuses framing, and
 * pages still hydrate under it (no violations; React is attached). The pay page's own flows run under the
 * same policy in pay-page.spec.ts. Cross-origin posts to pages are refused with 403.
 */

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations?.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
}

const isHydrated = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber")));

test("pages send the security headers, with a fresh script nonce each time", async ({ request }) => {
  for (const path of ["/login", "/", "/orders", "/users", "/pay/not-a-token"]) {
    const first = await request.get(path);
    const second = await request.get(path);
    const csp = first.headers()["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).toContain("object-src 'none'");
    expect(second.headers()["content-security-policy"], path).not.toBe(csp);
    expect(first.headers()["x-frame-options"], path).toBe("DENY");
    expect(first.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(first.headers()["referrer-policy"], path).toBe(
      path.startsWith("/pay/") ? "no-referrer" : "same-origin",
    );
    // Every script the page carries has this response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const scripts = [...(await first.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
  }
  const api = await request.get("/api/healthz");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(api.headers()["x-frame-options"]).toBe("DENY");
});

test("pages hydrate and work under the policy, with no violations", async ({ page }) => {
  await watchViolations(page);
  await page.goto("/payins/new");
  await expect(page.getByRole("heading", { name: "New pay-in" })).toBeVisible();
  // Hydration finishes a moment after the HTML shows: wait for React to attach to the DOM.
  await expect.poll(() => isHydrated(page, "form")).toBe(true);
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "Users", exact: true })).toBeVisible();
  await expect.poll(() => isHydrated(page, "form")).toBe(true);
  await page.goto("/orders");
  await expect.poll(() => isHydrated(page, "main")).toBe(true);
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
});

test("a cross-origin sign-in post or server-action call is refused with 403, not 500", async ({
  request,
}) => {
  const form = await request.post("/login", {
    headers: { origin: "https://evil.example" },
    multipart: { email: E2E.admin.email, password: "whatever-password" },
  });
  expect(form.status()).toBe(403);
  const action = await request.post("/users", {
    headers: {
      origin: "https://evil.example",
      "next-action": "7f0000000000000000000000000000000000000000",
      "content-type": "text/plain;charset=UTF-8",
    },
    data: "[]",
  });
  expect(action.status()).toBe(403);
  expect(await action.json()).toMatchObject({ status: 403, title: "Forbidden" });
});
