/**
 * The baseline the sandbox is measured against: a bare node:http server that parses the JSON body and
 * does the same one-row order insert into the same kind of database — no auth, no validation, no details.
 * Env: PORT, and BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite).
 */
import { createHash, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { openDatabase } from "@/lib/database";

const db = await openDatabase(
  process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL }
    : { dataDir: process.env.BENCH_DATA_DIR ?? ".data-bench/baseline" },
);
await db.exec(`CREATE TABLE IF NOT EXISTS bench_orders (
  id uuid PRIMARY KEY, client_id text NOT NULL, direction text NOT NULL, payment_id uuid NOT NULL,
  request_hash text NOT NULL, payment_method text NOT NULL, country text NOT NULL, amount numeric(18,2) NOT NULL,
  final_amount numeric(18,2) NOT NULL, status text NOT NULL, request jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (client_id, direction, payment_id))`);

const server = createServer((req, res) => {
  if (req.url === "/healthz") {
    res.end("ok");
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", async () => {
    try {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = JSON.parse(raw) as {
        paymentId: string;
        paymentMethod: string;
        country: string;
        amount: number;
      };
      const rows = await db.query<{ id: string; status: string }>(
        `INSERT INTO bench_orders (id, client_id, direction, payment_id, request_hash, payment_method, country, amount, final_amount, status, request)
         VALUES ($1, 'bench', 'payin', $2, $3, $4, $5, $6, $6, 'In progress', $7)
         ON CONFLICT (client_id, direction, payment_id) DO NOTHING RETURNING id, status`,
        [
          randomUUID(),
          body.paymentId,
          createHash("sha256").update(raw).digest("hex"),
          body.paymentMethod,
          body.country,
          String(body.amount),
          raw,
        ],
      );
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(rows[0] ?? {}));
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => db.close().then(() => process.exit(0))));
