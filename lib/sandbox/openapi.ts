/** GET /openapi.json: the contract's OpenAPI 3.1 document, listing this sandbox as its server. */
import { buildOpenApiDocument } from "@/lib/contract/openapi";

const cache = new Map<string, unknown>();

export function openApiDocument(origin: string): unknown {
  let doc = cache.get(origin);
  if (doc === undefined) {
    doc = buildOpenApiDocument({ serverUrl: origin });
    if (cache.size < 16) cache.set(origin, doc);
  }
  return doc;
}
