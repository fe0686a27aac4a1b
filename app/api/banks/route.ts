import { ANY_ROLE, authorizeRequest, authProblemResponse } from "@/lib/auth";
import { runActingAs } from "@/lib/auth/acting-user";
import { routeProblem } from "@/lib/http/route-problem";
import { banksQuerySchema } from "@/lib/contract";
import { isPaymentApiError } from "@/lib/payment-api";
import { getPaymentApi } from "@/lib/runtime";
import { log } from "@/lib/observability/logger";
import { viewerBankNamer } from "@/lib/pay-page/viewer-bank-name";

export const dynamic = "force-dynamic";

/**
 * GET /api/banks?country=RU → [{ id, name, country, code }]: the bank picker's data, fetched server side
 * through the signed client. Session-checked here (any signed-in role: reading the directory changes nothing).
 * Each bank is named as the pay page names it for this browser's language (docs/architecture.md, Banks).
 */
export async function GET(request: Request): Promise<Response> {
  const auth = await authorizeRequest(ANY_ROLE);
  if (!auth.ok) return authProblemResponse(auth);

  const country = new URL(request.url).searchParams.get("country") ?? undefined;
  const parsed = banksQuerySchema.safeParse({ country });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid country";
    return problem(400, "Bad Request", `country: ${message}`, "country");
  }
  try {
    // The picker's fetch is this person's doing: the request log names them.
    const banks = await runActingAs(auth.user.id, () => getPaymentApi().listBanks(parsed.data.country));
    const bankName = await viewerBankNamer();
    return Response.json(
      banks.map((b) => ({ ...b, name: bankName({ bankName: b.name }) })),
      { headers: { "Cache-Control": "private, max-age=300", Vary: "Accept-Language" } },
    );
  } catch (error) {
    const detail = isPaymentApiError(error) ? error.message : "Unexpected error";
    if (!isPaymentApiError(error))
      log().error({ error: String((error as Error)?.message) }, "GET /api/banks failed");
    return problem(502, "Bad Gateway", `The payment service could not list the banks: ${detail}`);
  }
}

function problem(status: number, title: string, detail: string, path?: string): Response {
  return routeProblem(status, title, detail, path ? [{ path, message: detail }] : undefined);
}
