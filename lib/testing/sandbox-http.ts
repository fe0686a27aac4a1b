/**
 * Helpers for the sandbox's own tests (and anyone testing against a sandbox): signed HTTP calls and a
 * local callback receiver. Not imported by the sandbox itself.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { signRequest } from "@/lib/signing";

/** `text` as a request body streamed `chunkSize` bytes at a time: sent chunked, with no Content-Length. */
export function chunkedStream(text: string, chunkSize: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
}

export const TEST_ACCOUNT = { clientId: "test-merchant", secret: "test-secret-0123456789" } as const;

export interface SignedClient {
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
}

/** Signs like a merchant: POST over the raw body, GET over path + query. A string body is sent as-is. */
export function signedClient(baseUrl: string, account: { clientId: string; secret: string } = TEST_ACCOUNT) {
  return {
    post(path: string, body: unknown, headers: Record<string, string> = {}) {
      const raw = typeof body === "string" ? body : JSON.stringify(body);
      return fetch(baseUrl + path, {
        method: "POST",
        body: raw,
        headers: {
          "content-type": "application/json",
          "x-client-id": account.clientId,
          "x-signature": signRequest(account.secret, { method: "POST", body: raw }),
          ...headers,
        },
      });
    },
    get(path: string, headers: Record<string, string> = {}) {
      return fetch(baseUrl + path, {
        headers: {
          "x-client-id": account.clientId,
          "x-signature": signRequest(account.secret, { method: "GET", pathWithQuery: path }),
          ...headers,
        },
      });
    },
  } satisfies SignedClient;
}

export interface ReceivedCallback {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface CallbackReceiver {
  url: string;
  received: ReceivedCallback[];
  /**
   * Status codes to answer, one per request in order; 200 once they run out. With `orderId`, only that
   * order's callbacks follow the script, so a late callback of an earlier test cannot use up its answers.
   */
  respondWith(statuses: number[], orderId?: string): void;
  /** Resolves when at least `count` callbacks have arrived (any answer). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedCallback[]>;
  close(): Promise<void>;
}

function callbackOrderId(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { id?: string }).id;
  } catch {
    return undefined;
  }
}

export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  let script: number[] = [];
  let scriptFor: string | undefined;
  const waiters: Array<() => void> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ at: Date.now(), headers: req.headers, body });
      res.statusCode =
        (scriptFor === undefined || callbackOrderId(body) === scriptFor ? script.shift() : 200) ?? 200;
      res.end("ok");
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/postback`,
    received,
    respondWith(statuses, orderId) {
      script = [...statuses];
      scriptFor = orderId;
    },
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} callbacks, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
