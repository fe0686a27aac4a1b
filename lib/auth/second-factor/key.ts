/**
 * The second-factor key: SECOND_FACTOR_KEY when set; otherwise generated once into the data folder
 * (`<DATA_DIR>/second-factor.key`, readable by the owner only), as the first admin's password is generated
 * when none is given. Several instances on one PostgreSQL must share the key: set SECOND_FACTOR_KEY there.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { KEY_BYTES, parseKey } from "./seal";

export const KEY_FILE_NAME = "second-factor.key";

export async function loadSecondFactorKey(
  configured: string | undefined,
  dataDir: string,
  log: (message: string) => void = console.log,
): Promise<Buffer> {
  if (configured) {
    const key = parseKey(configured);
    if (!key) throw new Error("SECOND_FACTOR_KEY: must be 32 bytes as 64 hex digits or base64");
    return key;
  }
  const file = path.join(dataDir, KEY_FILE_NAME);
  try {
    const key = parseKey(await readFile(file, "utf8"));
    if (!key)
      throw new Error(
        `${file}: not a second-factor key (64 hex digits); restore it or set SECOND_FACTOR_KEY`,
      );
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const generated = randomBytes(KEY_BYTES).toString("hex");
  try {
    // "wx": when two processes start together, one writes and the other reads what it wrote.
    await writeFile(file, `${generated}\n`, { flag: "wx", mode: 0o600 });
    log(`First start: generated the second-factor key into ${file} (back it up with the database).`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return loadSecondFactorKey(undefined, dataDir, log);
  }
  return Buffer.from(generated, "hex");
}
