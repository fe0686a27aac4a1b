/**
 * One POST to a receiver over node:http(s), with what fetch cannot do: a body trickled in slow chunks, and
 * an answer read even when the receiver refuses early and closes while the body is still being written.
 */
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";

export interface Delivery {
  headers: Record<string, string>;
  body: string;
  /** Sends the body in `chunks` pieces spread over `overMs` (a slow sender). */
  trickle?: { chunks: number; overMs: number };
}

export interface Answer {
  /** The HTTP status; null when none came (a network error or no answer in time). */
  status: number | null;
  /** From the start of the request to the answer's status line (or to giving up). */
  ms: number;
  error: string | null;
  /** The start of the answer's body, for the report. */
  bodyPreview: string;
}

const PREVIEW_CHARS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POSTs `delivery` to `url`; gives up `timeoutMs` (plus a trickle's own duration) after the first byte. */
export function deliver(url: string, delivery: Delivery, timeoutMs: number): Promise<Answer> {
  const target = new URL(url);
  const body = Buffer.from(delivery.body, "utf8");
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<Answer>((resolve) => {
    let settled = false;
    let status: number | null = null;
    let statusMs = 0;
    let preview = "";
    let timer: NodeJS.Timeout | undefined;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, ms: status === null ? elapsed() : statusMs, error, bodyPreview: preview });
      req.destroy();
    };
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(target, {
      method: "POST",
      agent: false,
      headers: { ...delivery.headers, "content-length": String(body.byteLength) },
    });
    req.on("response", (res: IncomingMessage) => {
      status = res.statusCode ?? null;
      statusMs = elapsed();
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (preview.length < PREVIEW_CHARS) preview = (preview + chunk).slice(0, PREVIEW_CHARS);
      });
      res.on("end", () => finish(null));
      res.on("error", () => finish(null));
    });
    // A receiver that answers early and closes (a 413) makes the write fail: its answer still counts.
    req.on("error", (error) => {
      if (status !== null) finish(null);
      else setTimeout(() => finish(`${error.name}: ${error.message}`), 50);
    });
    req.on("close", () =>
      setTimeout(() => finish(status === null ? "the connection closed with no answer" : null), 50),
    );
    // One deadline from the first byte: a receiver that stops reading cannot hold the sender either.
    const budget = timeoutMs + (delivery.trickle?.overMs ?? 0);
    timer = setTimeout(() => finish(status === null ? `no answer within ${timeoutMs} ms` : null), budget);
    void (async () => {
      const trickle = delivery.trickle;
      if (trickle && trickle.chunks > 1) {
        const size = Math.ceil(body.byteLength / trickle.chunks);
        const pause = trickle.overMs / trickle.chunks;
        for (let at = 0; at < body.byteLength && !settled; at += size) {
          req.write(body.subarray(at, at + size));
          await sleep(pause);
        }
      } else {
        // In pieces, waiting for each to drain, so an early answer is read before the rest is written.
        const piece = 64 * 1024;
        for (let at = 0; at < body.byteLength && !settled; at += piece) {
          if (!req.write(body.subarray(at, at + piece))) {
            await new Promise<void>((drained) => {
              const done = () => {
                req.off("drain", done);
                req.off("close", done);
                drained();
              };
              req.on("drain", done);
              req.on("close", done);
            });
          }
        }
      }
      if (!settled) req.end();
    })();
  });
}
