/**
 * The bank-app chooser's funnel events (lib/pay-page/funnel.ts): the pay page posts `{"step": …}` here with
 * fetch keepalive, without credentials. Public and bounded (docs/security.md, The pay page): same-origin
 * posts only, a body of at most FUNNEL_BODY_MAX_BYTES, events counted per token and per address. It reads
 * no cookie and sets none; a recorded event answers 204 with no body.
 */
import { clientIpFrom } from "@/lib/auth/request-meta";
import { FUNNEL_BODY_MAX_BYTES, recordPayFunnel } from "@/lib/pay-page/funnel";
import { readPublicPayPost } from "@/lib/pay-page/public-post";
import { getDb, runtime } from "@/lib/runtime";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export type FunnelRefusal = {
  error: "invalid" | "rateLimited" | "tooLarge" | "notFound";
  fields?: { step?: string };
  retryAfterSeconds?: number;
};

function refuse(body: FunnelRefusal, status: number, extra = {}) {
  return Response.json(body, { status, headers: { ...NO_STORE, ...extra } });
}

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const read = await readPublicPayPost(request, token, FUNNEL_BODY_MAX_BYTES);
  if (!read.ok) {
    switch (read.refused) {
      case "notFound":
        return refuse({ error: "notFound" }, 404);
      case "crossOrigin":
        return refuse({ error: "notFound" }, 403);
      case "notJson":
        return refuse({ error: "invalid", fields: { step: 'The body must be JSON: {"step": …}.' } }, 415);
      case "tooLarge":
        return refuse({ error: "tooLarge" }, 413);
    }
  }
  const outcome = await recordPayFunnel(await getDb(), {
    token,
    body: read.body,
    address: clientIpFrom(request.headers, runtime().proxyTrust),
  });
  switch (outcome.kind) {
    case "recorded":
      return new Response(null, { status: 204, headers: NO_STORE });
    case "notFound":
      return refuse({ error: "notFound" }, 404);
    case "rateLimited": {
      const seconds = Math.max(1, Math.ceil(outcome.retryAfterMs / 1000));
      return refuse({ error: "rateLimited", retryAfterSeconds: seconds }, 429, {
        "Retry-After": String(seconds),
      });
    }
    case "invalid":
      return refuse({ error: "invalid", fields: { [outcome.field]: outcome.message } }, 400);
  }
}
