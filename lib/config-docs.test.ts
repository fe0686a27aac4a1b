import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CONFIG_DOCS_COMMAND,
  documentedVariables,
  envExampleVariables,
  renderConfigDocs,
  schemaVariableNames,
} from "./config-docs";

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8");

describe("docs/configuration.md", () => {
  it(`has the variable tables the schemas give (else run \`${CONFIG_DOCS_COMMAND}\`)`, () => {
    const current = read("docs/configuration.md");
    const fresh = renderConfigDocs(current);
    if (fresh !== current)
      throw new Error(`docs/configuration.md is stale: run \`${CONFIG_DOCS_COMMAND}\` and commit the result`);
  });

  it("documents every variable the two schemas read, each in one table", () => {
    const documented = documentedVariables().map((v) => v.name);
    expect(documented.sort()).toEqual(schemaVariableNames().sort());
  });

  it("changes when a variable's meaning changes in its schema, keeping the prose", () => {
    const current = read("docs/configuration.md");
    const changed = documentedVariables().map((v) =>
      v.name === "PORT" ? { ...v, description: "Where the dashboard listens" } : v,
    );
    const next = renderConfigDocs(current, changed);
    expect(next).not.toBe(current);
    expect(next).toMatch(/\| `PORT` +\| `3000` +\| Where the dashboard listens +\|/);
    expect(next.split("\n").filter((l) => !l.startsWith("|"))).toEqual(
      current.split("\n").filter((l) => !l.startsWith("|")),
    );
  });

  it("refuses a table without markers in the file", () => {
    expect(() => renderConfigDocs("# Configuration\n")).toThrow(
      /no <!-- env:NAME --> markers for "dashboard"/,
    );
  });
});

describe(".env.example", () => {
  it("lists the variables the schemas read, and no other", () => {
    expect([...new Set(envExampleVariables(read(".env.example")))].sort()).toEqual(
      schemaVariableNames().sort(),
    );
  });
});
