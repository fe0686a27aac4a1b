/**
 * The sandbox serves what its OpenAPI document lists, and lists what it serves: the Hono app's registered
 * routes against the document's paths and methods, both ways. The app is only built, never asked, so a
 * context with nothing behind it will do.
 */
import { describe, expect, test } from "vitest";
import { buildOpenApiDocument, SANDBOX_ROUTES } from "@/lib/contract/openapi";
import { createSandboxApp } from "./app";
import type { SandboxContext } from "./context";
import { openApiDocument } from "./openapi";

const app = createSandboxApp({ opts: { bodyLimitBytes: 1024 }, log: {} } as unknown as SandboxContext);

/** "METHOD /path/:param" of every handler the app registered (not its middleware for every path). */
const served = new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`));

/** The same key of every operation in a document, its {param} written as Hono's :param. */
function operationsOf(doc: Record<string, unknown>): Set<string> {
  const paths = doc.paths as Record<string, Record<string, unknown>>;
  return new Set(
    Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`),
    ),
  );
}

const documented = operationsOf(buildOpenApiDocument());
const minus = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x)).sort();

describe("the sandbox's routes and its OpenAPI document", () => {
  test("every route the app serves is documented", () => {
    expect(served.size).toBeGreaterThanOrEqual(19);
    expect(minus(served, documented)).toEqual([]);
  });

  test("every documented operation is served", () => {
    expect(minus(documented, served)).toEqual([]);
  });

  test("every route is registered from its definition (app.openapi), none beside them", () => {
    const registered = app.openAPIRegistry.definitions.flatMap((d) =>
      d.type === "route" ? [`${d.route.method} ${d.route.path}`] : [],
    );
    expect(registered.sort()).toEqual(SANDBOX_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  test("GET /openapi.json serves that document, with the sandbox as its server", () => {
    const origin = "http://127.0.0.1:4010";
    expect(openApiDocument(origin)).toEqual(buildOpenApiDocument({ serverUrl: origin }));
  });
});
