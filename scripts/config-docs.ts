/**
 * `npm run docs:config`: writes the variable tables of docs/configuration.md from the environment schemas
 * (lib/config-docs.ts). lib/config-docs.test.ts fails when the file differs from what this writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderConfigDocs } from "@/lib/config-docs";

const file = fileURLToPath(new URL("../docs/configuration.md", import.meta.url));
const current = readFileSync(file, "utf8");
const next = renderConfigDocs(current);
if (next === current) console.log("docs/configuration.md is up to date");
else {
  writeFileSync(file, next);
  console.log("docs/configuration.md: variable tables written");
}
