/** How the command line reads its arguments (lib/sandbox/cli/run.ts): option values that start with a dash, durations. */
import { UsageError } from "./usage-error";

/** Options whose value is a credential: any text at all, so the next argument is always theirs. */
const CREDENTIAL_OPTIONS = new Set(["secret", "secret2", "client-id"]);

/**
 * `--secret -Xy…` as `--secret=-Xy…`: a string option always takes the next argument, even one that starts
 * with a single dash. Node's strict parseArgs refuses such a value as ambiguous, and a secret of random
 * base64url starts with "-" one time in 64 (with "--" one time in 4,096: CI met it), so
 * `--secret <a secret>` would fail at random. A credential option takes the next argument whatever it is;
 * for the others a next argument starting with "--" is still read as an option (`--method --amount 5`
 * stays an error).
 */
export function joinDashValues(args: readonly string[], options: Record<string, { type: string }>): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") return [...out, ...args.slice(i)]; // the rest are positionals, as they stand
    const next = args[i + 1];
    const name = arg.startsWith("--") ? arg.slice(2) : undefined;
    const dashed =
      next !== undefined &&
      (CREDENTIAL_OPTIONS.has(name ?? "") ? next.startsWith("-") : /^-(?!-)/.test(next));
    if (name && options[name]?.type === "string" && dashed) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

const UNITS_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "15m", "90s", "1h30m", "250ms", "2d" (a bare number is seconds) → milliseconds. */
export function parseDuration(text: string): number {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)?/gy)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== text) {
    throw new UsageError(`not a duration: "${text}" (e.g. 15m, 90s, 1h30m)`);
  }
  return parts.reduce((ms, p) => ms + Number(p[1]) * (UNITS_MS[p[2] ?? "s"] ?? 1_000), 0);
}
