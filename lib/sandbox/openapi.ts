/**
 * GET /openapi.json: the OpenAPI 3.1 document generated from the route definitions the app registers
 * (lib/contract/openapi), listing this sandbox as its server.
 */
import { buildOpenApiDocument } from "@/lib/contract/openapi";

const cache = new Map<string, Record<string, unknown>>();

export function openApiDocument(origin: string): Record<string, unknown> {
  let doc = cache.get(origin);
  if (doc === undefined) {
    doc = buildOpenApiDocument({ serverUrl: origin });
    if (cache.size < 16) cache.set(origin, doc);
  }
  return doc;
}
