/**
 * The dashboard's OpenAPI document lists every JSON route it serves and nothing else: the route files under
 * app/api and the HTTP methods each exports, against the document's paths and methods, both ways.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { dashboardApiDocument } from "./openapi";

const API_DIR = path.join(process.cwd(), "app", "api");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const EXPORTED_METHOD = new RegExp(
  `^export\\s+(?:async\\s+function|function|const)\\s+(${METHODS.join("|")})\\b`,
  "gm",
);

/** "METHOD /api/path/{param}" of every method function a route.ts under app/api exports. */
function servedOperations(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const route = `/${path.relative(path.join(process.cwd(), "app"), dir).split(path.sep).join("/")}`;
        const documentedPath = route.replace(/\[([^\]]+)\]/g, "{$1}");
        for (const match of readFileSync(full, "utf8").matchAll(EXPORTED_METHOD))
          found.push(`${match[1]} ${documentedPath}`);
      }
    }
  };
  walk(API_DIR);
  return found.sort();
}

function documentedOperations(): string[] {
  const paths = dashboardApiDocument().paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths)
    .flatMap(([p, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${p}`))
    .sort();
}

describe("the dashboard's JSON routes and their OpenAPI document", () => {
  const served = servedOperations();
  const documented = documentedOperations();

  test("every exported route method is documented", () => {
    expect(served.length).toBeGreaterThanOrEqual(10);
    expect(served.filter((op) => !documented.includes(op))).toEqual([]);
  });

  test("every documented operation is a route method", () => {
    expect(documented.filter((op) => !served.includes(op))).toEqual([]);
  });

  test("is plain JSON whose every $ref resolves", () => {
    const doc = dashboardApiDocument();
    const text = JSON.stringify(doc);
    expect(JSON.parse(text)).toEqual(doc);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1] as string);
    expect(refs).toEqual(expect.arrayContaining(["Problem", "BankList", "CallbackPayload"]));
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    for (const id of refs) expect(schemas, id).toHaveProperty(id);
  });
});
