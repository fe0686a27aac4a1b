/**
 * A stand-in for the system under test: a merchant's shop that takes payments through the payment service.
 * Like any such system it reads its credentials once, at start (PAYMENT_API_BASE_URL, PAYMENT_API_CLIENT_ID,
 * PAYMENT_API_SECRET), creates pay-ins (POST /checkout) and learns their outcome from signed callbacks
 * (POST /postback); GET /orders/:id shows what it knows. tests/system-under-test.spec.ts starts it with a
 * QA run's credentials.
 */
import { createServer } from "node:http";
import { samplePayinRequest, sandboxKit, verify } from "payorders-sandbox-kit";

const { PORT = "3000", PAYMENT_API_BASE_URL, PAYMENT_API_CLIENT_ID, PAYMENT_API_SECRET } = process.env;
if (!PAYMENT_API_BASE_URL || !PAYMENT_API_CLIENT_ID || !PAYMENT_API_SECRET) {
  console.error("PAYMENT_API_BASE_URL, PAYMENT_API_CLIENT_ID and PAYMENT_API_SECRET are required");
  process.exit(1);
}
const api = sandboxKit({
  baseUrl: PAYMENT_API_BASE_URL,
  clientId: PAYMENT_API_CLIENT_ID,
  secret: PAYMENT_API_SECRET,
});
/** Order id → status, as the shop knows it. */
const orders = new Map();

const json = (res, status, body) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    const raw = Buffer.concat(chunks).toString("utf8");
    try {
      if (req.method === "GET" && req.url === "/healthz") return json(res, 200, { ok: true });
      if (req.method === "POST" && req.url === "/checkout") {
        const { amount = 1500 } = raw ? JSON.parse(raw) : {};
        const order = await api.createPayin(
          samplePayinRequest("SBP", { amount, postbackUrl: `http://127.0.0.1:${PORT}/postback` }),
        );
        orders.set(order.id, order.status);
        return json(res, 200, { orderId: order.id, status: order.status });
      }
      if (req.method === "POST" && req.url === "/postback") {
        const signed =
          req.headers["x-client-id"] === PAYMENT_API_CLIENT_ID &&
          verify(PAYMENT_API_SECRET, raw, String(req.headers["x-signature"] ?? ""));
        if (!signed) return json(res, 401, { error: "bad signature" });
        const callback = JSON.parse(raw);
        orders.set(callback.id, callback.status);
        return json(res, 200, { ok: true });
      }
      const match = req.method === "GET" && /^\/orders\/([^/]+)$/.exec(req.url ?? "");
      if (match) {
        const status = orders.get(decodeURIComponent(match[1]));
        return status ? json(res, 200, { status }) : json(res, 404, { error: "no such order" });
      }
      json(res, 404, { error: "not found" });
    } catch (error) {
      json(res, 500, { error: String(error) });
    }
  });
}).listen(Number(PORT), "127.0.0.1", () => console.log(`merchant on http://127.0.0.1:${PORT}`));
