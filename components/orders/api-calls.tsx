import Link from "next/link";
import { CopyButton } from "@/components/copy-button/copy-button";
import { LocalTime } from "@/components/time/local-time";
import type { PaymentApiCall } from "@/lib/database/dashboard/queries/payment-api-calls";
import { curlCommand } from "@/lib/payment-api/curl";
import styles from "./orders.module.css";

/** POST /api/v1/payin/create or …/payout/create. */
const isCreate = (url: URL) => url.pathname.endsWith("/create");

const CURL_TEXTS = { copy: "Copy as cURL", copied: "Copied ✓", failed: "Could not copy" };

/**
 * Calls to the payment service, one entry per attempt: when, who caused it, what was asked, what came
 * back and how long it took, with the request and answer as stored (card numbers masked), the trace it
 * belongs to (tracing on), and "Copy as cURL", which makes the call again with the signature computed from
 * $SECRET.
 */
export function ApiCalls({
  calls,
  clientId,
  withOrders = false,
}: {
  calls: PaymentApiCall[];
  clientId: string;
  /** Link each call to its order (the request log's own page). */
  withOrders?: boolean;
}) {
  if (calls.length === 0) return <p className={`muted ${styles.flush}`}>No calls recorded.</p>;
  return (
    <ol className={styles.timeline}>
      {calls.map((c) => {
        const url = new URL(c.url);
        const masked = c.requestBody?.includes("*") ?? false;
        return (
          <li key={c.id} className={styles.timelineItem} data-testid="api-call">
            <div className={styles.timelineHead}>
              <LocalTime value={c.startedAt} />
              <span className="mono">
                {c.method} {url.pathname}
                {url.search}
              </span>
              <span className={c.status !== null && c.status < 300 ? styles.verified : styles.unverified}>
                {c.status ?? c.error ?? "no answer"}
              </span>
              <span className="muted">
                · {c.latencyMs} ms · attempt {c.attempt} · {c.userEmail ?? "the dashboard itself"}
              </span>
              {withOrders && c.orderId ? <Link href={`/orders/${c.orderId}`}>Order</Link> : null}
            </div>
            <details>
              <summary>Request and answer</summary>
              <div className={`stack ${styles.rawDelivery}`}>
                {c.traceId ? (
                  <p className={`muted ${styles.flush}`}>
                    Trace <code data-testid="trace-id">{c.traceId}</code> (look it up in your tracing backend)
                  </p>
                ) : null}
                {c.requestBody !== null ? (
                  <pre className={styles.pre} data-label="Request body">
                    {c.requestBody}
                  </pre>
                ) : null}
                {isCreate(url) ? (
                  <p className={`muted ${styles.flush}`}>
                    The answer to the create request, as it was then, not the order's current state: the
                    status at the top follows the callbacks.
                  </p>
                ) : null}
                <pre
                  className={styles.pre}
                  data-label={isCreate(url) ? "Answer to the create request" : "Answer"}
                >
                  {c.responseBody ?? c.error ?? ""}
                </pre>
                <div className="row">
                  <CopyButton
                    value={curlCommand({ method: c.method, url: c.url, clientId, body: c.requestBody })}
                    label={`the ${c.method} ${url.pathname} call`}
                    texts={CURL_TEXTS}
                    copyId={`curl-${c.id}`}
                  />
                  <span className="muted">
                    Run it with <code>SECRET</code> set to the merchant secret.
                    {masked ? " The card number is masked here: put the whole number back first." : ""}
                  </span>
                </div>
              </div>
            </details>
          </li>
        );
      })}
    </ol>
  );
}
