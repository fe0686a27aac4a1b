/**
 * The dashboard's route patterns, for the `route` label of its HTTP metrics: a request's path is matched
 * against the app's routes as the build lists them (app-path-routes-manifest.json: "/orders/[id]" and the
 * like), so an order id or a pay-page token never becomes a label value. What matches none is "other" (or
 * "/_next/*" for Next's own assets): the label set stays as small as the app.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export type RouteMatcher = (pathname: string) => string;

interface Compiled {
  pattern: string;
  regex: RegExp;
  /** Static segments first: "/orders/new" wins over "/orders/[id]". */
  rank: number[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function compile(pattern: string): Compiled {
  const segments = pattern.split("/").filter(Boolean);
  let source = "";
  const rank: number[] = [];
  for (const segment of segments) {
    if (/^\[\[\.\.\.[^\]]+\]\]$/.test(segment)) {
      source += "(?:/.*)?";
      rank.push(3);
    } else if (/^\[\.\.\.[^\]]+\]$/.test(segment)) {
      source += "/.+";
      rank.push(2);
    } else if (/^\[[^\]]+\]$/.test(segment)) {
      source += "/[^/]+";
      rank.push(1);
    } else {
      source += `/${escapeRegExp(segment)}`;
      rank.push(0);
    }
  }
  return { pattern: pattern || "/", regex: new RegExp(`^${source || "/"}/?$`), rank };
}

function compareRank(a: Compiled, b: Compiled): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const d = (a.rank[i] ?? -1) - (b.rank[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** A matcher over `patterns` (Next's: "/", "/orders/[id]", "/docs/[...slug]"). */
export function routeMatcher(patterns: readonly string[]): RouteMatcher {
  const compiled = [...new Set(patterns)].map(compile).sort(compareRank);
  return (pathname) => {
    if (pathname.startsWith("/_next/")) return "/_next/*";
    const clean = pathname.split("?")[0] ?? pathname;
    return compiled.find((c) => c.regex.test(clean))?.pattern ?? "other";
  };
}

/** The patterns of the build in `distDir` (relative to the working directory); none if it has no manifest. */
export function builtRoutePatterns(distDir: string): string[] {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(process.cwd(), distDir, "app-path-routes-manifest.json"), "utf8"),
    ) as Record<string, string>;
    return Object.values(manifest).filter((p) => !p.startsWith("/_"));
  } catch {
    return [];
  }
}
