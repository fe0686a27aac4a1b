/**
 * Public live status of a pay page, by its customer token: the status, the deadline and the server's
 * clock — nothing else. Unknown or malformed tokens get the same bare 404.
 */
import { getDb } from "@/lib/runtime";
import { getPayPageStatus } from "@/lib/database/dashboard/queries/pay-page";
import { isWellFormedPayToken } from "@/lib/pay-page/token";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const row = isWellFormedPayToken(token) ? await getPayPageStatus(await getDb(), token) : null;
  if (!row) return Response.json({ error: "Not found" }, { status: 404, headers: NO_STORE });
  return Response.json(
    {
      status: row.status,
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
      serverNow: new Date().toISOString(),
    },
    { headers: NO_STORE },
  );
}
