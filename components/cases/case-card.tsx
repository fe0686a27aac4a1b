import { LocalTime } from "@/components/time/local-time";
import type { CaseListRow } from "@/lib/database/dashboard/queries/payment-cases";
import { CaseCloseActions } from "./case-close-actions";
import { CaseStateBadge, closedByText } from "./case-state";
import shared from "@/components/approvals/approvals.module.css";
import styles from "./cases.module.css";

/**
 * The order page's "I have paid" card (docs/guide.md, Payment cases): each case the customer opened from
 * the pay page — reference, time, state, who closed it and why — and, on the open one, the close actions
 * for those who may take them. Server component.
 */
export function CaseCard({
  cases,
  orderStatus,
  canClose,
}: {
  cases: CaseListRow[];
  orderStatus: string;
  canClose: boolean;
}) {
  const open = cases.find((c) => c.state === "open");
  // Staff said the money arrived while the service has not (yet) said Success: the order's page says so.
  const confirmed =
    orderStatus === "Success" ? undefined : cases.find((c) => c.state === "found" && c.closedByEmail);
  return (
    <section
      className={`card stack ${open ? "alert alert-warning" : confirmed ? "alert alert-success" : ""}`}
      aria-labelledby="case-title"
      data-testid="case-card"
    >
      <h2 id="case-title">
        {open
          ? "The customer says they paid"
          : confirmed
            ? "Payment confirmed by staff"
            : "“I have paid” reports"}
      </h2>
      {confirmed ? (
        <p className={styles.flush} data-testid="staff-confirmed-payment">
          {confirmed.closedByEmail} confirmed{" "}
          {confirmed.closedAt ? (
            <>
              on <LocalTime value={confirmed.closedAt} />{" "}
            </>
          ) : null}
          that the customer's payment with reference{" "}
          <span className={styles.reference}>{confirmed.reference}</span> arrived. The payment service still
          reports this order as {orderStatus}; the customer's page says the payment is confirmed and no longer
          asks them to pay.
        </p>
      ) : null}
      {open ? (
        <p className={styles.flush}>
          {orderStatus === "Success"
            ? "The order is now Success: the payment arrived. Close the case as found."
            : "Look for the payment with this reference (the bank's statement, a late callback), then close the case: the customer's page shows the outcome."}
        </p>
      ) : null}
      {cases.map((c) => (
        <div key={c.id} className={`stack ${styles.case}`} data-testid="case">
          <dl className={shared.facts}>
            <dt>Reference</dt>
            <dd className={styles.reference}>{c.reference}</dd>
            {c.note ? (
              <>
                <dt>Customer's note</dt>
                <dd>{c.note}</dd>
              </>
            ) : null}
            <dt>Submitted</dt>
            <dd>
              <LocalTime value={c.submittedAt} />
            </dd>
            <dt>State</dt>
            <dd>
              <CaseStateBadge state={c.state} />
            </dd>
            {c.state !== "open" ? (
              <>
                <dt>Closed by</dt>
                <dd>
                  {closedByText(c)}
                  {c.closedAt ? (
                    <>
                      , <LocalTime value={c.closedAt} />
                    </>
                  ) : null}
                </dd>
              </>
            ) : null}
            {c.staffNote ? (
              <>
                <dt>Staff note</dt>
                <dd>{c.staffNote}</dd>
              </>
            ) : null}
          </dl>
          {c.state === "open" && canClose ? <CaseCloseActions caseId={c.id} reference={c.reference} /> : null}
        </div>
      ))}
    </section>
  );
}
