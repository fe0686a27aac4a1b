import type { Metadata } from "next";
import { ApiCalls } from "@/components/orders/api-calls";
import { requirePageUser } from "@/lib/auth";
import { getDb } from "@/lib/database/dashboard/client";
import { listRecentCalls } from "@/lib/database/dashboard/queries/payment-api-calls";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Request log" };

const SHOWN = 100;

/** /requests — the latest calls the dashboard made to the payment service, every attempt, newest first. */
export default async function RequestLogPage() {
  await requirePageUser();
  const calls = await listRecentCalls(await getDb(), SHOWN);
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>Request log</h1>
          <p>
            The latest {SHOWN} calls this dashboard made to the payment service: each attempt as sent and as
            answered (card numbers masked), who caused it and how long it took. Each order's own calls are on
            its page.
          </p>
        </div>
      </header>
      <section className="card stack" aria-label="Calls">
        <ApiCalls calls={calls} clientId={env.PAYMENT_API_CLIENT_ID} withOrders />
      </section>
    </div>
  );
}
