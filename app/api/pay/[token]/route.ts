/**
 * Public live status of a pay page, by its customer token: the status, the deadline and the server's
 * clock, and the state of an "I have paid" case (lib/cases/public-case.ts) — nothing else. Unknown or malformed tokens get the same bare 404.
 */
import { getDb } from "@/lib/runtime";
import { toPublicCase } from "@/lib/cases/public-case";
import { getPayPageStatus } from "@/lib/database/dashboard/queries/pay-page";
import { getLatestCaseByPayToken } from "@/lib/database/dashboard/queries/payment-cases";
import { isWellFormedPayToken } from "@/lib/pay-page/token";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const db = await getDb();
  const row = isWellFormedPayToken(token) ? await getPayPageStatus(db, token) : null;
  if (!row) return Response.json({ error: "Not found" }, { status: 404, headers: NO_STORE });
  const latest = await getLatestCaseByPayToken(db, token);
  return Response.json(
    {
      status: row.status,
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      serverNow: new Date().toISOString(),
      case: latest ? toPublicCase(latest) : null,
    },
    { headers: NO_STORE },
  );
}
