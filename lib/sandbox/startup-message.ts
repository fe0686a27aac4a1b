/**
 * The sandbox's start line. A signing secret is printed only while it is the documented default (a public
 * value, handy for a first run); any other secret is named by where it came from, never shown, so a log
 * collector or a shared terminal never holds a real one.
 */
import { SANDBOX_DEFAULT_CLIENT_SECRET } from "./config";
import type { MerchantAccount } from "./options";

export interface StartupFacts {
  url: string;
  /** The first from SANDBOX_CLIENT_ID / SANDBOX_CLIENT_SECRET, the rest from `accountsFile`. */
  accounts: readonly MerchantAccount[];
  accountsFile?: string;
  /** "PostgreSQL", "PGlite in <dir>". */
  store: string;
}

export function startupMessage({ url, accounts, accountsFile, store }: StartupFacts): string {
  const [first, ...more] = accounts;
  const secret =
    first?.secret === SANDBOX_DEFAULT_CLIENT_SECRET
      ? `secret: ${first.secret} (the documented default; set SANDBOX_CLIENT_SECRET for your own)`
      : "secret: from SANDBOX_CLIENT_SECRET (not printed)";
  const extra =
    more.length > 0
      ? ` (+${more.length} more from SANDBOX_ACCOUNTS_FILE ${accountsFile ?? ""}, secrets not printed)`
      : "";
  return `Sandbox payment service on ${url} — X-Client-Id: ${first?.clientId}  ${secret}${extra} — ${store}`;
}
