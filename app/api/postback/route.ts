import { handlePostback } from "@/lib/postback";
import { runtime as dashboardRuntime } from "@/lib/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The dashboard's callback receiver (docs/architecture.md, Callbacks). No session: the signature over the raw body is the
 * authentication, checked in receiveCallback before anything is applied. The body is read under its limit
 * (handlePostback), counted on the bytes received.
 */
export async function POST(request: Request): Promise<Response> {
  const { env, db, unverifiedPurge, proxyTrust } = dashboardRuntime();
  return handlePostback(await db(), request, {
    secret: env.PAYMENT_API_SECRET,
    previousSecret: env.PAYMENT_API_PREVIOUS_SECRET,
    clientId: env.PAYMENT_API_CLIENT_ID,
    purge: unverifiedPurge,
    proxyTrust,
  });
}
