import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { callbackResponse, MAX_CALLBACK_BYTES, receiveCallback } from "@/lib/postback";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The dashboard's callback receiver (DESIGN §4). No session: the signature over the raw body is the
 * authentication, checked in receiveCallback before anything is applied.
 */
export async function POST(request: Request): Promise<Response> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_CALLBACK_BYTES) {
    return callbackResponse({ httpStatus: 413, outcome: "too-large", deliveryId: null, orderId: null });
  }
  const rawBody = await request.text();
  const result = await receiveCallback(await getDb(), {
    headers: request.headers,
    rawBody,
    secret: env.PAYMENT_API_SECRET,
    clientId: env.PAYMENT_API_CLIENT_ID,
  });
  return callbackResponse(result);
}
