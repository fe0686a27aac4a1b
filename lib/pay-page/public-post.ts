/**
 * The checks every public pay-page post makes before any work (docs/security.md, The pay page): a
 * well-formed token, a same-origin post, a JSON content type and a body within its bound, parsed (null when
 * it is not JSON). Each route words the refusals its own way.
 */
import { readBodyWithin } from "@/lib/http/read-body-within";
import { isCrossOriginWrite } from "@/lib/security/same-origin";
import { isWellFormedPayToken } from "./token";

export type PublicPostRead =
  | { ok: true; body: unknown }
  | { ok: false; refused: "notFound" | "crossOrigin" | "notJson" | "tooLarge" };

export async function readPublicPayPost(
  request: Request,
  token: string,
  maxBytes: number,
): Promise<PublicPostRead> {
  if (!isWellFormedPayToken(token)) return { ok: false, refused: "notFound" };
  if (isCrossOriginWrite("POST", request.headers)) return { ok: false, refused: "crossOrigin" };
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json"))
    return { ok: false, refused: "notJson" };
  const read = await readBodyWithin(request, maxBytes);
  if (!read.ok) return { ok: false, refused: "tooLarge" };
  try {
    return { ok: true, body: JSON.parse(new TextDecoder().decode(read.bytes)) };
  } catch {
    return { ok: true, body: null };
  }
}
