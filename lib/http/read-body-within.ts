/**
 * Request bodies held to a byte limit, for every endpoint that takes one: the dashboard's receiver and the
 * sandbox's API alike. (Hono's bodyLimit middleware trusts a Content-Length when one is sent; this counts.)
 */

/** The outcome of reading a request body under a byte limit. */
export type BoundedBody = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; receivedBytes: number };

/**
 * Reads a request body, counting the bytes actually received (a chunked body or a Content-Length that
 * lies are both held to `limit`). A declared Content-Length over the limit is refused before reading;
 * past the limit reading stops at once and the chunks read so far are dropped, so at most `limit` plus one
 * chunk is ever held.
 */
export async function readBodyWithin(request: Request, limit: number): Promise<BoundedBody> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
    return { ok: false, receivedBytes: 0 };
  }
  const stream = request.body;
  if (!stream) return { ok: true, bytes: new Uint8Array() };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      chunks.length = 0;
      // Stop pulling: the rest stays unread (the server answers and closes the connection).
      reader.releaseLock();
      return { ok: false, receivedBytes: size };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}
