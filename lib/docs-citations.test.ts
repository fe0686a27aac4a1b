/**
 * Comments cite documents of this repository only, and what they cite exists: "docs/architecture.md,
 * Callbacks" names a file in docs/ and a heading in it. A document outside the repository (the team's old
 * design notes) can't be read by whoever maintains this code next.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(rel);
    return /\.(ts|tsx|mjs|cjs|md)$/.test(entry.name) ? [rel] : [];
  });
}

const files = ["app", "components", "lib", "scripts", "e2e", "bench"].flatMap(sourceFiles);
const headings = (doc: string) =>
  readFileSync(path.join(root, doc), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("#"))
    .map((line) => line.replace(/^#+\s*/, ""));

describe("citations in the code", () => {
  it("no comment cites the design notes that live outside the repository", () => {
    const citation = new RegExp(["DESIGN", "§"].join(" ")); // written apart, so this file doesn't match
    const outside = files.filter((f) => citation.test(readFileSync(path.join(root, f), "utf8")));
    expect(outside).toEqual([]);
  });

  it("every cited docs/ file exists, and every cited section is a heading in it", () => {
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(path.join(root, file), "utf8").replace(/\s*\n\s*(\*\s*|\/\/\s*)?/g, " ");
      for (const m of text.matchAll(/docs\/([\w-]+\.md)(?:, ([A-Z][\w -]*[\w]))?/g)) {
        const doc = `docs/${m[1]}`;
        let known: string[];
        try {
          known = headings(doc);
        } catch {
          missing.push(`${file}: ${doc} does not exist`);
          continue;
        }
        const section = m[2];
        if (section && !known.some((h) => section.startsWith(h)))
          missing.push(`${file}: ${doc} has no section "${section}"`);
      }
    }
    expect(missing).toEqual([]);
  });
});
