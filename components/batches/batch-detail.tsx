import Link from "next/link";
import { StatusBadge } from "@/components/orders/status-badge";
import { LocalTime } from "@/components/time/local-time";
import type { PayoutBatchLineView, PayoutBatchView } from "@/lib/database/dashboard/queries/payout-batches";
import { AutoRefresh } from "./auto-refresh";
import type { StepUpPrompt } from "@/lib/auth/second-factor/types";
import { BatchActions } from "./batch-actions";
import { BATCH_STATUS_TEXT, totalsText } from "./batch-status";
import styles from "./batches.module.css";

/** A batch's page: its facts, progress, decisions, outcomes and rows (a page of them at a time). */
export function BatchDetail(p: {
  batch: PayoutBatchView;
  outcomes: Record<string, number>;
  lines: PayoutBatchLineView[];
  page: { afterRow: number; nextAfterRow: number | null; size: number };
  viewer: { canDecide: boolean; stepUp: StepUpPrompt; cancel: "batch" | "rows" | null };
}) {
  const { batch, counts } = { batch: p.batch, counts: p.batch.counts };
  const settled = counts.sent + counts.cancelled;
  const percent = batch.rowCount > 0 ? Math.round((settled / batch.rowCount) * 100) : 100;
  const summary = `${batch.rowCount} pay-outs (${totalsText(batch.totals)})`;
  const live = batch.status === "awaiting_approval" || batch.status === "sending";
  return (
    <div className="page stack">
      <AutoRefresh active={live} />
      <header className="page-header">
        <div>
          <h1>Pay-out file {batch.fileName}</h1>
          <p>
            <span className="badge" data-status={BATCH_STATUS_TEXT[batch.status]}>
              {BATCH_STATUS_TEXT[batch.status]}
            </span>{" "}
            uploaded by {batch.createdByEmail ?? "—"} <LocalTime value={batch.createdAt} />
          </p>
        </div>
        <div className="row">
          <a className="button" href={`/payouts/batches/${batch.id}/results`} download>
            Download results (CSV)
          </a>
          <Link href="/payouts/batches">All pay-out files</Link>
        </div>
      </header>

      <section className="card stack" aria-labelledby="batch-progress">
        <h2 id="batch-progress">Progress</h2>
        <div
          className={styles.progress}
          role="progressbar"
          aria-labelledby="batch-progress"
          aria-valuemin={0}
          aria-valuemax={batch.rowCount}
          aria-valuenow={settled}
          aria-valuetext={`${settled} of ${batch.rowCount} rows settled (${percent}%)`}
        >
          <div className={styles.progressFill} style={{ width: `${percent}%` }} />
        </div>
        <dl className={styles.summary}>
          <div>
            <dt>Rows</dt>
            <dd>{batch.rowCount}</dd>
          </div>
          <div>
            <dt>Sent</dt>
            <dd>{counts.sent}</dd>
          </div>
          <div>
            <dt>Waiting to send</dt>
            <dd>{counts.pending + counts.sending}</dd>
          </div>
          <div>
            <dt>Cancelled</dt>
            <dd>{counts.cancelled}</dd>
          </div>
        </dl>
        {Object.keys(p.outcomes).length > 0 ? (
          <p>
            Orders:{" "}
            {Object.entries(p.outcomes)
              .map(([status, n]) => `${n} ${status}`)
              .join(", ")}
          </p>
        ) : null}
        <div role="status" aria-live="polite" className="visually-hidden">
          {percent}% settled
        </div>
      </section>

      <section className="card stack" aria-labelledby="batch-facts">
        <h2 id="batch-facts">The file</h2>
        <dl className="details">
          <dt>Totals</dt>
          <dd>{totalsText(batch.totals)}</dd>
          <dt>SHA-256</dt>
          <dd>
            <code className={styles.hash}>{batch.fileSha256}</code>
          </dd>
          {batch.rule ? (
            <>
              <dt>Approval</dt>
              <dd>Required: {batch.rule}</dd>
            </>
          ) : null}
          {batch.decision ? (
            <>
              <dt>Decision</dt>
              <dd>
                {batch.decision === "approved"
                  ? "Approved"
                  : batch.decision === "rejected"
                    ? "Rejected"
                    : "Cancelled"}{" "}
                by {batch.decidedByEmail ?? "—"} <LocalTime value={batch.decidedAt} />
                {batch.reason ? `: “${batch.reason}”` : ""}
              </dd>
            </>
          ) : null}
          {batch.finishedAt ? (
            <>
              <dt>Finished</dt>
              <dd>
                <LocalTime value={batch.finishedAt} />
              </dd>
            </>
          ) : null}
        </dl>
        <BatchActions
          batchId={batch.id}
          summary={summary}
          canDecide={p.viewer.canDecide}
          stepUp={p.viewer.stepUp}
          cancel={p.viewer.cancel}
          waiting={batch.status === "awaiting_approval"}
        />
      </section>

      <section className="stack" aria-labelledby="batch-rows">
        <h2 id="batch-rows">Rows</h2>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Row
                </th>
                <th scope="col">Outcome</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Method</th>
                <th scope="col">paymentId</th>
              </tr>
            </thead>
            <tbody>
              {p.lines.map((l) => (
                <tr key={l.rowNumber}>
                  <td className="num">{l.rowNumber}</td>
                  <td>
                    {l.orderId ? (
                      <Link
                        href={`/orders/${l.orderId}`}
                        aria-label={`Order of row ${l.rowNumber}: ${l.orderStatus}`}
                      >
                        <StatusBadge status={l.orderStatus ?? "—"} />
                      </Link>
                    ) : (
                      <span className="badge">
                        {l.state !== "cancelled" ? "Not sent yet" : l.note ? "Not sent" : "Cancelled"}
                      </span>
                    )}
                    {l.note ? <span className="muted"> {l.note}</span> : null}
                  </td>
                  <td className="num">
                    {l.amount} {l.currency ?? ""}
                  </td>
                  <td>{l.paymentMethod}</td>
                  <td>
                    <code title={l.paymentId}>{l.paymentId.slice(0, 8)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <nav className={styles.pager} aria-label="Rows pages">
          <span className="muted">
            {p.lines.length > 0
              ? `Rows ${p.lines[0]?.rowNumber}–${p.lines[p.lines.length - 1]?.rowNumber} of the file`
              : "No rows"}
          </span>
          <span className="row">
            {p.page.afterRow > 0 ? <Link href={`/payouts/batches/${batch.id}`}>First rows</Link> : null}
            {p.page.nextAfterRow !== null ? (
              <Link href={`/payouts/batches/${batch.id}?after=${p.page.nextAfterRow}`}>Next rows</Link>
            ) : null}
          </span>
        </nav>
      </section>
    </div>
  );
}
