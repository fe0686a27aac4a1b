import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { E2E } from "./config";
import { expect, test } from "./fixtures";

/**
 * docs/architecture.md, Security and reliability: secrets are read only by server code. The signing secret and the admin's password must appear
 * in no file the browser can download (the build's static folder) and in no page or JSON the browser gets.
 */
const SECRETS = [E2E.sandboxAccount.secret, E2E.admin.password];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test("no client bundle contains a secret", () => {
  const files = filesUnder(path.join(E2E.distDir, "static"));
  expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(5);
  for (const file of files) {
    const text = readFileSync(file, "latin1");
    for (const secret of SECRETS) expect(text.includes(secret), `${secret} in ${file}`).toBe(false);
  }
});

/** Strings only lib/contract/samples.ts holds: test data must not reach the browser (issue 7 §2). */
const SAMPLE_ONLY = ["FULANO DE TAL", "AD10006M8KH1ETNK9Q1OBVKBQ0R1DK7B", "2200700000000009"];

test("no client bundle contains the contract's test samples", () => {
  const scripts = filesUnder(path.join(E2E.distDir, "static")).filter((f) => f.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(5);
  for (const file of scripts) {
    const text = readFileSync(file, "latin1");
    for (const sample of SAMPLE_ONLY) expect(text.includes(sample), `${sample} in ${file}`).toBe(false);
  }
});

test("no page or browser-facing JSON contains a secret", async ({ request, createPayin }) => {
  // An order, so that its page and its customer page are checked too.
  const order = await createPayin({ amount: "150", ip: "203.0.113.5", email: "secret-check@example.com" });
  const orderPath = new URL(order.orderUrl).pathname;
  const payPath = order.customerPath;

  const paths = [
    "/",
    "/orders",
    orderPath,
    "/payins/new",
    "/payouts/new",
    "/banks",
    "/users",
    "/api/banks?country=RU",
    payPath,
    "/login",
  ];
  for (const p of paths) {
    const res = await request.get(p);
    expect(res.status(), p).toBeLessThan(400);
    const body = await res.text();
    expect(body.length, p).toBeGreaterThan(50);
    for (const secret of SECRETS) expect(body.includes(secret), `${secret} in ${p}`).toBe(false);
  }
});
