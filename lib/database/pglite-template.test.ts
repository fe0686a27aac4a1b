import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readPgliteTemplate, templateDecision, templateTagPath } from "./pglite-template";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const tarball = () => path.join(dir, "t.tar.gz");
const writeTemplate = (tag: string) => {
  writeFileSync(tarball(), "not read here");
  writeFileSync(templateTagPath(tarball()), tag);
};

describe("readPgliteTemplate", () => {
  it("reads the tag beside the tarball", () => {
    writeTemplate('{"pglite":"0.5.16","lastMigration":"sandbox_0007"}');
    expect(readPgliteTemplate(tarball())).toEqual({
      tarball: tarball(),
      pglite: "0.5.16",
      lastMigration: "sandbox_0007",
    });
  });

  it("says why there is none: no tarball, an unreadable or incomplete tag", () => {
    expect(readPgliteTemplate(tarball())).toEqual({ unusable: expect.stringContaining("no template") });
    writeTemplate("{not json");
    expect(readPgliteTemplate(tarball())).toEqual({ unusable: expect.stringContaining("unreadable") });
    writeTemplate('{"pglite":"0.5.16"}');
    expect(readPgliteTemplate(tarball())).toEqual({ unusable: expect.stringContaining("lacks") });
  });
});

describe("templateDecision", () => {
  const template = { tarball: "/x/t.tar.gz", pglite: "0.5.16", lastMigration: "sandbox_0007" };
  const newFolder = () => path.join(dir, "data");

  it("uses the template for a folder without a database, made by the installed PGlite", () => {
    expect(templateDecision(newFolder(), template, "0.5.16")).toEqual({ use: template });
    // An existing but empty folder (mkdtemp) holds no database either.
    expect(templateDecision(dir, template, "0.5.16")).toEqual({ use: template });
  });

  it("uses it for a database in memory (no folder), made by the installed PGlite", () => {
    expect(templateDecision(undefined, template, "0.5.16")).toEqual({ use: template });
    expect(templateDecision(undefined, template, "0.5.17")).toEqual({
      skip: expect.stringContaining("0.5.17"),
    });
  });

  it("skips it for a folder that holds a database (PGlite's PG_VERSION)", () => {
    writeFileSync(path.join(dir, "PG_VERSION"), "17\n");
    expect(templateDecision(dir, template, "0.5.16")).toEqual({ skip: expect.stringContaining("already") });
  });

  it("skips it when another PGlite version made it, or the installed one is unknown", () => {
    expect(templateDecision(newFolder(), template, "0.5.17")).toEqual({
      skip: "made by PGlite 0.5.16, 0.5.17 is installed",
    });
    expect(templateDecision(newFolder(), template, undefined)).toEqual({
      skip: expect.stringContaining("unknown version"),
    });
  });

  it("skips an unusable template with its reason", () => {
    expect(templateDecision(newFolder(), { unusable: "no template at /x" }, "0.5.16")).toEqual({
      skip: "no template at /x",
    });
  });
});
