/**
 * Test support: POST /api/postback served by handlePostback (exactly what app/api/postback/route.ts does)
 * on a real HTTP server. The request body reaches the handler as a web stream over the Node request, as it
 * does in Next's Node runtime, so chunked bodies, early answers and closed connections are real.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { Sql } from "@/lib/database";
import { handlePostback, type PostbackSettings } from "@/lib/postback/handle";
import { callbackResponse, type ReceiveInput, receiveCallback } from "@/lib/postback";

export interface PostbackServer {
  url: string;
  close(): Promise<void>;
}

function toRequest(req: IncomingMessage, base: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // As Next does: the socket's address goes in X-Forwarded-For when the request has none.
  if (!headers.has("x-forwarded-for") && req.socket.remoteAddress) {
    headers.set("x-forwarded-for", req.socket.remoteAddress);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", base), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    duplex: "half",
  } as RequestInit);
}

export async function startPostbackServer(
  db: Sql,
  settings: () => PostbackSettings,
): Promise<PostbackServer> {
  let base = "";
  const server: Server = createServer(async (req, res) => {
    try {
      const response =
        req.method === "POST" && req.url === "/api/postback"
          ? await handlePostback(db, toRequest(req, base), settings())
          : new Response("not found", { status: 404 });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/api/postback`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The dashboard's receiver itself (receiveCallback + callbackResponse) on the whole body of every POST, with
 * the secrets and client id `keys()` gives at that moment (a test may switch them between calls).
 */
export async function startReceiverServer(
  db: Sql,
  keys: () => Pick<ReceiveInput, "secret" | "previousSecret" | "clientId">,
): Promise<PostbackServer> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const result = await receiveCallback(db, {
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
        ...keys(),
      });
      const response = callbackResponse(result);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/postback`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
