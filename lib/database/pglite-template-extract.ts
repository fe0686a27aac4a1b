/**
 * Writes a PGlite template (the gzip-compressed tar that PGlite's `dumpDataDir("gzip")` makes) into a new data
 * folder with Node's own file writes, so PGlite then opens the folder as an existing database. Faster than
 * handing the tar to PGlite (`loadDataDir`), which unpacks it through its WebAssembly file system (the figures:
 * docs/operations.md, Benchmarks).
 *
 * PGlite's dumps are plain ustar: regular files and folders, absolute names ("/base/1/112"). Anything else — a
 * link, a name leaving the folder, a truncated entry — is refused with an error (the caller then lets PGlite
 * create the database itself).
 */
import { closeSync, ftruncateSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

const BLOCK = 512;

/** A NUL-terminated ASCII field of a tar header. */
function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString("utf8");
}

const PAGE = 8192;
const ZERO_PAGE = Buffer.alloc(PAGE);

/**
 * Writes `data` to a new file, leaving its all-zero pages as holes (read back as zeros, as PostgreSQL expects):
 * the WAL segment is 16 MB of which a checkpointed template uses little, and writing its zeros was most of the
 * time unpacking took.
 */
function writeSparse(file: string, data: Buffer): void {
  const fd = openSync(file, "w");
  try {
    ftruncateSync(fd, data.length);
    for (let at = 0; at < data.length; at += PAGE) {
      const page = data.subarray(at, at + PAGE);
      if (page.length === PAGE && page.equals(ZERO_PAGE)) continue;
      writeSync(fd, page, 0, page.length, at);
    }
  } finally {
    closeSync(fd);
  }
}

/** Unpacks the gzip-compressed tar `archive` into `dataDir` (which holds no database yet). */
export function extractPgliteTemplate(archive: Buffer, dataDir: string): void {
  const tar = gunzipSync(archive);
  const root = path.resolve(dataDir);
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) return; // the end-of-archive blocks
    const prefix = field(header, 345, 155);
    const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
    const size = Number.parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const target = path.resolve(root, `.${path.posix.normalize(`/${name}`)}`);
    if (!Number.isSafeInteger(size) || size < 0) throw new Error(`template entry ${name}: bad size`);
    if (name.split("/").includes("..") || (target !== root && !target.startsWith(`${root}${path.sep}`)))
      throw new Error(`template entry ${name} is outside the data folder`);
    offset += BLOCK;
    if (type === "5") mkdirSync(target, { recursive: true });
    else if (type === "0" || type === "\0") {
      if (offset + size > tar.length) throw new Error(`template entry ${name} is truncated`);
      mkdirSync(path.dirname(target), { recursive: true });
      writeSparse(target, tar.subarray(offset, offset + size));
    } else throw new Error(`template entry ${name}: unsupported tar entry type "${type}"`);
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
  if (offset !== tar.length) throw new Error("the template's tar is truncated");
}
