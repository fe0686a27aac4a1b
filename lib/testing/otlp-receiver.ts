/**
 * An OTLP/HTTP receiver on a local port, as a collector would be: POST /v1/traces with OTLP's JSON encoding
 * (what @opentelemetry/exporter-trace-otlp-http sends), answered 200. It keeps every span received, flattened
 * with its process's `service.name`, or, with `keep: false` (benchmarks), only counts them.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A span as received: ids in hex, as OTLP/JSON writes them; kind as OTLP numbers it (2 server, 3 client). */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** Absent (or "") for a trace's root. */
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** The endpoint to give as OTEL_EXPORTER_OTLP_ENDPOINT (its /v1/traces is where spans go). */
  url: string;
  spans: ReceivedSpan[];
  /** Spans received, kept or not. */
  count(): number;
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      spans?: (Omit<ReceivedSpan, "service" | "attributes"> & { attributes?: OtlpAttribute[] })[];
    }[];
  }[];
}

const attributeValue = (v: OtlpValue): unknown =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));

const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, attributeValue(a.value)]));

export function flattenOtlp(body: OtlpExport): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const rs of body.resourceSpans ?? []) {
    const service = String(attributesOf(rs.resource?.attributes)["service.name"] ?? "");
    for (const ss of rs.scopeSpans ?? [])
      for (const s of ss.spans ?? [])
        out.push({
          service,
          traceId: s.traceId,
          spanId: s.spanId,
          ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
          name: s.name,
          kind: s.kind,
          attributes: attributesOf(s.attributes),
        });
  }
  return out;
}

export async function startOtlpReceiver(options: { keep?: boolean } = {}): Promise<OtlpReceiver> {
  const keep = options.keep ?? true;
  const spans: ReceivedSpan[] = [];
  let received = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces") {
        res.writeHead(404).end();
        return;
      }
      if (keep) {
        const batch = flattenOtlp(JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport);
        spans.push(...batch);
        received += batch.length;
      } else {
        // Counted without parsing: a benchmark's receiver should cost the machine next to nothing.
        received += Buffer.concat(chunks).toString("latin1").split('"spanId"').length - 1;
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    count: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
