/** Turns an audit entry into a short sentence for the activity list. Unknown actions show as they are. */
export interface ActivityEntry {
  action: string;
  target: string | null;
  targetEmail: string | null;
  details: Record<string, unknown>;
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** "2026-03-01T10:15:00.000Z" → "2026-03-01 10:15 UTC"; anything else as it is. */
function utcMinute(iso: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return m ? `${m[1]} ${m[2]} UTC` : iso;
}

export function describeActivity(e: ActivityEntry): string {
  const who = e.targetEmail ?? (str(e.details.email) || e.target || "");
  switch (e.action) {
    case "auth.sign-in":
      return "Signed in";
    case "auth.sign-out":
      return "Signed out";
    case "auth.sign-in-failed":
      return `Failed sign-in as ${e.target ?? "unknown"}`;
    case "auth.sign-in-blocked":
      return `Sign-in as ${e.target ?? "unknown"} blocked (too many attempts)`;
    case "auth.account-locked":
      return `Locked ${who} against sign-in until ${utcMinute(str(e.details.until))} (too many failed attempts)`;
    case "user.unlock":
      return `Unlocked ${who}`;
    case "user.bootstrap":
      return `Created the first admin ${who}`;
    case "user.create":
      return `Added ${who} as ${str(e.details.role)}`;
    case "user.role":
      return `Changed ${who} from ${str(e.details.from)} to ${str(e.details.to)}`;
    case "user.disable":
      return `Disabled ${who}`;
    case "user.enable":
      return `Enabled ${who}`;
    default:
      return e.target ? `${e.action} ${e.target}` : e.action;
  }
}
