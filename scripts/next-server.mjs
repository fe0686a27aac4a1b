#!/usr/bin/env node
/**
 * The dashboard's HTTP server: Next.js through its programmatic API (`next()`), so the app can learn the
 * TCP peer's address, which Next gives route handlers and server actions no other way. Every request's
 * SOCKET_ADDRESS_HEADER is replaced by req.socket.remoteAddress — a copy sent by a client is dropped first —
 * and lib/auth/request-meta.ts decides the client's address from it (and, only when configured, from the
 * X-Forwarded-For entries of trusted proxies). Started by scripts/start.mjs: `node scripts/next-server.mjs
 * [--dev]` with PORT in the environment.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";

/** Keep in step with SOCKET_ADDRESS_HEADER in lib/auth/client-address.ts. */
const SOCKET_ADDRESS_HEADER = "x-client-socket-address";

const dev = process.argv.includes("--dev");
// As `next start` / `next dev` do; set before Next is loaded.
process.env.NODE_ENV ??= dev ? "development" : "production";
const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.PORT ?? "3000");

const { default: next } = await import("next");
// Listens on every interface, as `next start` does; "localhost" is the name Next uses for its own URLs.
const app = next({ dev, dir: root, port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

/** The header the app sees is the socket's, never the client's (e2e/sign-in-defences.spec.ts). */
function stampSocketAddress(req) {
  // Node joins repeated headers; delete covers every casing since req.headers keys are lower-case.
  delete req.headers[SOCKET_ADDRESS_HEADER];
  const address = req.socket.remoteAddress;
  if (address) req.headers[SOCKET_ADDRESS_HEADER] = address;
  // rawHeaders is what some layers re-read; keep it consistent with req.headers.
  const raw = req.rawHeaders;
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    if (raw[i].toLowerCase() === SOCKET_ADDRESS_HEADER) raw.splice(i, 2);
  }
  if (address) raw.push(SOCKET_ADDRESS_HEADER, address);
}

/**
 * Request ids, HTTP metrics and traces (lib/observability): the slots the app's modules hold under the same
 * Symbol.for keys (lib/process-slot.ts). The request id is a well-formed incoming X-Request-Id or a new one
 * (the rule of lib/observability/request-id.ts), given to the app on the request, echoed on the response and
 * current (AsyncLocalStorage) while the request is handled, so every log line of it carries it. With tracing
 * on, each request is handled inside a server span of its own (lib/observability/tracing-sdk.ts).
 */
const slot = (name) => Symbol.for(`payorders.${name}`);
globalThis[slot("request-id")] ??= new AsyncLocalStorage();
const requestIds = globalThis[slot("request-id")];
// The other slots are filled later (instrumentation.ts), so they are read at each request; their keys once.
const TRACING = slot("tracing");
const HTTP_OBSERVER = slot("http-observer");
const LOGGER = slot("logger");
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function stampRequestId(req, res) {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  req.headers["x-request-id"] = id;
  res.setHeader("X-Request-Id", id);
  return id;
}

/** Handles the request; once it is answered, times it (the observer returns the route it matched) and ends its span. */
function serve(req, res, id) {
  const started = process.hrtime.bigint();
  const method = req.method ?? "GET";
  const pathname = (req.url ?? "/").split("?")[0];
  const span = globalThis[TRACING]?.startRequestSpan(method, pathname, req.headers);
  res.once("close", () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const route = globalThis[HTTP_OBSERVER]?.(method, pathname, res.statusCode, seconds, id, span?.traceId);
    span?.end(res.statusCode, route);
  });
  const handled = () =>
    handle(req, res).catch((error) => {
      const logger = globalThis[LOGGER];
      if (logger) logger.error({ err: error }, "next-server: request failed");
      else console.error("[next-server] request failed", error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  return span ? span.run(handled) : handled();
}

const server = createServer((req, res) => {
  stampSocketAddress(req);
  const id = stampRequestId(req, res);
  requestIds.run(id, () => serve(req, res, id));
});
// No upgrade listener of our own: in development Next attaches its HMR WebSocket handler to this server
// itself, at the first request (a second listener would answer the handshake twice).
server.listen(port, () => {
  console.log(`[next-server] ${dev ? "development" : "production"} server listening on port ${port}`);
});

/** Stops taking requests, then sends the spans still batched (tracing on: lib/observability/tracing.ts's slot). */
function shutdown() {
  server.close(async () => {
    await globalThis[TRACING]?.shutdown();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
