/**
 * "I have paid" (lib/cases/submit.ts): the pay page posts the receipt's reference here as JSON. Public and
 * bounded (docs/security.md, The pay page): same-origin posts only, a body of at most CASE_BODY_MAX_BYTES,
 * attempts counted per token and per address. Answers carry the case's state only, and refusals as codes
 * the page words in the customer's language, each naming its field.
 */
import { clientIpFrom } from "@/lib/auth/request-meta";
import { type CaseRefusal, type PublicCase, toPublicCase } from "@/lib/cases/public-case";
import { CASE_BODY_MAX_BYTES } from "@/lib/cases/reference";
import { submitPaymentCase } from "@/lib/cases/submit";
import { readPublicPayPost } from "@/lib/pay-page/public-post";
import { getDb, runtime } from "@/lib/runtime";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

function answer(body: CaseRefusal | { case: PublicCase; alreadyOpen: boolean }, status: number, extra = {}) {
  return Response.json(body, { status, headers: { ...NO_STORE, ...extra } });
}

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const read = await readPublicPayPost(request, token, CASE_BODY_MAX_BYTES);
  if (!read.ok) {
    switch (read.refused) {
      case "notFound":
        return answer({ error: "notFound" }, 404);
      case "crossOrigin":
        return answer({ error: "notFound" }, 403);
      case "notJson":
        return answer({ error: "invalid", fields: { reference: "required" } }, 415);
      case "tooLarge":
        return answer({ error: "tooLarge" }, 413);
    }
  }
  const outcome = await submitPaymentCase(await getDb(), {
    token,
    body: read.body,
    address: clientIpFrom(request.headers, runtime().proxyTrust),
  });
  switch (outcome.kind) {
    case "notFound":
      return answer({ error: "notFound" }, 404);
    case "rateLimited": {
      const seconds = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
      return answer({ error: "rateLimited", retryAfterSeconds: seconds }, 429, {
        "Retry-After": String(seconds),
      });
    }
    case "invalid":
      return answer({ error: "invalid", fields: outcome.errors }, 400);
    case "closed":
      return answer({ error: "closed" }, 409);
    case "tooMany":
      return answer({ error: "tooMany" }, 409);
    case "alreadyOpen":
      return answer({ case: toPublicCase(outcome.case), alreadyOpen: true }, 200);
    case "opened":
      return answer({ case: toPublicCase(outcome.case), alreadyOpen: false }, 201);
  }
}
