/**
 * The variable tables of docs/configuration.md, written from the zod schemas of the two environments:
 * the dashboard's (lib/env.ts) and the sandbox's (lib/sandbox/config.ts). Each variable's `.meta` gives its
 * row: `description` (Meaning), `docDefault` (Default, when the schema's own default does not say it) and
 * `docTable` (which table, when not its system's main one). A variable both systems read is described in one
 * schema only. Each table sits between `<!-- env:NAME -->` and `<!-- /env:NAME -->` markers; the prose around
 * them is the file's own. `npm run docs:config` writes them (scripts/config-docs.ts); a unit test fails when
 * the file is stale, and when .env.example lists other variables than the schemas.
 */
import type { z } from "zod";
import { dashboardEnvObject } from "@/lib/env";
import { sandboxEnvObject } from "@/lib/sandbox/config";

export const CONFIG_DOCS_COMMAND = "npm run docs:config";

export interface EnvVariableDoc {
  name: string;
  /** Markdown. */
  defaultText: string;
  description: string;
  table: string;
}

interface EnvMeta {
  description?: string;
  docDefault?: string;
  docTable?: string;
}

/** The schema's own default (what it gives an unset variable), as Markdown; "—" when it gives none. */
function schemaDefault(field: z.ZodType): string {
  const parsed = field.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined) return "—";
  if (Array.isArray(parsed.data) && parsed.data.length === 0) return "—";
  return `\`${String(parsed.data)}\``;
}

function variablesOf(shape: Record<string, z.ZodType>, mainTable: string): EnvVariableDoc[] {
  const out: EnvVariableDoc[] = [];
  for (const [name, field] of Object.entries(shape)) {
    const meta = (field.meta() ?? {}) as EnvMeta;
    if (!meta.description) continue;
    out.push({
      name,
      defaultText: meta.docDefault ?? schemaDefault(field),
      description: meta.description,
      table: meta.docTable ?? mainTable,
    });
  }
  return out;
}

/** Every documented variable, in schema order: the dashboard's, then the sandbox's. */
export function documentedVariables(): EnvVariableDoc[] {
  return [
    ...variablesOf(dashboardEnvObject.shape, "dashboard"),
    ...variablesOf(sandboxEnvObject.shape, "sandbox"),
  ];
}

/** Every variable either schema reads, described or not. */
export function schemaVariableNames(): string[] {
  return [...new Set([...Object.keys(dashboardEnvObject.shape), ...Object.keys(sandboxEnvObject.shape)])];
}

const cell = (text: string) => text.replaceAll("|", "\\|");

/** A Markdown table with its columns padded to one width, as the repository's formatter leaves tables. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

function tableFor(name: string, variables: EnvVariableDoc[]): string {
  const rows = variables
    .filter((v) => v.table === name)
    .map((v) => [`\`${v.name}\``, cell(v.defaultText), cell(v.description)]);
  if (rows.length === 0)
    throw new Error(`docs/configuration.md: no variable is documented for table "${name}"`);
  return markdownTable(["Variable", "Default", "Meaning"], rows);
}

const MARKED = /(<!-- env:([a-z-]+) -->\n)[\s\S]*?(\n<!-- \/env:\2 -->)/g;

/**
 * `current` (docs/configuration.md) with every marked table written anew from the schemas. Throws when a
 * documented variable's table has no markers in the file, so no variable goes undocumented.
 */
export function renderConfigDocs(current: string, variables = documentedVariables()): string {
  const tables = new Set(variables.map((v) => v.table));
  const seen = new Set<string>();
  const next = current.replace(MARKED, (_all, open: string, name: string, close: string) => {
    seen.add(name);
    return `${open}${tableFor(name, variables)}${close}`;
  });
  const missing = [...tables].filter((t) => !seen.has(t));
  if (missing.length > 0)
    throw new Error(
      `docs/configuration.md has no <!-- env:NAME --> markers for ${missing.map((m) => `"${m}"`).join(", ")}`,
    );
  return next;
}

/** The variables .env.example mentions (set or commented out: `# NAME=…`). */
export function envExampleVariables(text: string): string[] {
  return [...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? "");
}
