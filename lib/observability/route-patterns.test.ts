import { describe, expect, test } from "vitest";
import { routeMatcher } from "./route-patterns";

const match = routeMatcher([
  "/",
  "/orders",
  "/orders/new",
  "/orders/[id]",
  "/api/pay/[token]/events",
  "/api/postback",
  "/pay/[token]",
  "/metrics",
  "/docs/[...slug]",
]);

describe("the dashboard's route label", () => {
  test.each([
    ["/", "/"],
    ["/orders", "/orders"],
    ["/orders/", "/orders"],
    ["/orders/new", "/orders/new"],
    ["/orders/6f1c2a52-7c1e-4c53-9d53-8a4c6a2b9f10", "/orders/[id]"],
    ["/api/pay/tok_abc/events", "/api/pay/[token]/events"],
    ["/pay/anything", "/pay/[token]"],
    ["/docs/a/b/c", "/docs/[...slug]"],
    ["/metrics", "/metrics"],
    ["/_next/static/chunks/app.js", "/_next/*"],
    ["/wp-admin/setup.php", "other"],
    ["/orders/1/2/3", "other"],
  ])("%s → %s", (path, route) => {
    expect(match(path)).toBe(route);
  });

  test("a thousand different paths give no more labels than the app has routes (+ other)", () => {
    const labels = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      labels.add(match(`/orders/${crypto.randomUUID()}`));
      labels.add(match(`/pay/${i.toString(36)}`));
      labels.add(match(`/random/${i}`));
      labels.add(match(`/api/pay/${i}/events`));
    }
    expect([...labels].sort()).toEqual(["/api/pay/[token]/events", "/orders/[id]", "/pay/[token]", "other"]);
  });

  test("no routes known (no build): every path is other", () => {
    expect(routeMatcher([])("/orders")).toBe("other");
  });
});
