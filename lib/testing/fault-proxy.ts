/**
 * For integration tests: a tiny HTTP proxy in front of a real sandbox that can delay, fail, cut or rewrite
 * chosen requests, so that timeouts, 5xx, dropped connections and contract-breaking bodies can be provoked
 * while the service behind it stays real. Listens on an ephemeral port.
 */
import "server-only";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ProxyAction =
  /** Forward and answer as the upstream did. */
  | { kind: "pass" }
  /** Forward (so the upstream acts on it), then hold the answer back for `ms`. */
  | { kind: "delay"; ms: number }
  /** Neither forward nor answer until the proxy closes (a request lost on the way; the caller waits). */
  | { kind: "hold" }
  /** Answer `status` with a problem body; `forward` decides whether the upstream saw the request first. */
  | { kind: "fail"; status: number; forward: boolean }
  /** Forward, then cut the connection without answering. */
  | { kind: "drop"; forward: boolean }
  /** Forward, then answer with the upstream's status and a rewritten body. */
  | { kind: "rewrite"; body: (upstream: string) => string };

export interface ProxiedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface FaultProxy {
  url: string;
  /** Every request that reached the proxy, in order. */
  requests: ProxiedRequest[];
  /** Chooses what to do with the n-th request (1-based, counted since the last setPlan). */
  setPlan(plan: (n: number, req: ProxiedRequest) => ProxyAction): void;
  close(): Promise<void>;
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const requests: ProxiedRequest[] = [];
  let plan: (n: number, req: ProxiedRequest) => ProxyAction = () => ({ kind: "pass" });
  let count = 0;
  const timers = new Set<NodeJS.Timeout>();

  const forward = async (req: ProxiedRequest) => {
    const headers: Record<string, string> = {};
    for (const name of ["content-type", "x-client-id", "x-signature", "accept"]) {
      const v = req.headers[name];
      if (typeof v === "string") headers[name] = v;
    }
    const res = await fetch(upstream.replace(/\/+$/, "") + req.url, {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : req.body,
    });
    return {
      status: res.status,
      type: res.headers.get("content-type") ?? "application/json",
      body: await res.text(),
    };
  };

  const handle = async (incoming: IncomingMessage, out: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const req: ProxiedRequest = {
      method: incoming.method ?? "GET",
      url: incoming.url ?? "/",
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    requests.push(req);
    const action = plan(++count, req);
    const send = (status: number, type: string, body: string) => {
      if (out.destroyed) return;
      out.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
      out.end(body);
    };
    switch (action.kind) {
      case "pass": {
        const r = await forward(req);
        return send(r.status, r.type, r.body);
      }
      case "delay": {
        const r = await forward(req);
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            timers.delete(t);
            resolve();
          }, action.ms);
          timers.add(t);
        });
        return send(r.status, r.type, r.body);
      }
      case "hold":
        return;
      case "fail": {
        if (action.forward) await forward(req);
        const problem = { type: "about:blank", title: "Injected failure", status: action.status };
        return send(action.status, "application/problem+json", JSON.stringify(problem));
      }
      case "drop": {
        if (action.forward) await forward(req);
        incoming.socket.destroy();
        return;
      }
      case "rewrite": {
        const r = await forward(req);
        return send(r.status, r.type, action.body(r.body));
      }
    }
  };

  const server = createServer((incoming, out) => {
    handle(incoming, out).catch((error: unknown) => {
      if (!out.headersSent && !out.destroyed) {
        out.writeHead(599, { "content-type": "text/plain" });
        out.end(`proxy error: ${String(error)}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setPlan(next) {
      plan = next;
      count = 0;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
