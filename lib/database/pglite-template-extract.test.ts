import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { extractPgliteTemplate } from "./pglite-template-extract";

/** A ustar entry as PGlite's dumps write them: a 512-byte header, then the data padded to 512 bytes. */
function entry(name: string, type: "0" | "5" | "2", data = ""): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, "utf8");
  header.write("0000644\0", 100);
  header.write(`${data.length.toString(8).padStart(11, "0")}\0`, 124);
  header.write(type, 156);
  header.write("ustar\0", 257);
  const body = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  body.write(data);
  return Buffer.concat([header, body]);
}
const END = Buffer.alloc(1024);
const archive = (...parts: Buffer[]) => gzipSync(Buffer.concat(parts));

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "template-extract-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("extractPgliteTemplate", () => {
  it("writes PGlite's absolute names as files and folders inside the data folder", () => {
    const big = "x".repeat(1300);
    extractPgliteTemplate(
      archive(
        entry("/PG_VERSION", "0", "17\n"),
        entry("/base", "5"),
        entry("/base/1", "5"),
        entry("/base/1/112", "0", big),
        entry("/base/1/empty", "0"),
        entry("/pg_wal/000000010000000000000001", "0", "wal"),
        END,
      ),
      dir,
    );
    expect(readFileSync(path.join(dir, "PG_VERSION"), "utf8")).toBe("17\n");
    expect(readFileSync(path.join(dir, "base/1/112"), "utf8")).toBe(big);
    expect(readFileSync(path.join(dir, "base/1/empty"), "utf8")).toBe("");
    expect(readFileSync(path.join(dir, "pg_wal/000000010000000000000001"), "utf8")).toBe("wal");
  });

  it("reads an archive without the end-of-archive blocks to its last entry", () => {
    extractPgliteTemplate(archive(entry("/PG_VERSION", "0", "17\n")), dir);
    expect(readdirSync(dir)).toEqual(["PG_VERSION"]);
  });

  it.each([
    ["a name leaving the folder", archive(entry("/../escaped", "0", "x"), END), /outside the data folder/],
    ["a link", archive(entry("/base/link", "2"), END), /unsupported tar entry type "2"/],
    ["a truncated entry", gzipSync(entry("/PG_VERSION", "0", "17\n").subarray(0, 600)), /truncated/],
    ["no gzip", Buffer.from("not a template"), /incorrect header check/],
  ])("refuses %s", (_, bytes, message) => {
    expect(() => extractPgliteTemplate(bytes, dir)).toThrow(message);
    expect(existsSync(path.join(dir, "..", "escaped"))).toBe(false);
  });
});
