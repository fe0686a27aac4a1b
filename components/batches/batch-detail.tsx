import Link from "next/link";
import { StatusBadge } from "@/components/orders/status-badge";
import { LocalTime } from "@/components/time/local-time";
import type { PayoutBatchLineView, PayoutBatchView } from "@/lib/database/dashboard/queries/payout-batches";
import { AutoRefresh } from "./auto-refresh";
import type { StepUpPrompt } from "@/lib/auth/second-factor/types";
import { BatchActions } from "./batch-actions";
import { type BatchProgress, batchIsLive, percentOf, totalsText } from "./batch-status";
import { BatchStatusBadge } from "./batch-status-badge";
import styles from "./batches.module.css";

/** One labelled bar of the batch's progress, its figures in words for screen readers. */
function ProgressBar(p: { label: string; value: number; max: number; percent: number; valueText: string }) {
  return (
    <div className={styles.progressRow}>
      <span className={styles.progressLabel}>
        {p.label}: {p.valueText}
      </span>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={p.label}
        aria-valuemin={0}
        aria-valuemax={p.max}
        aria-valuenow={p.value}
        aria-valuetext={p.valueText}
      >
        <div className={styles.progressFill} style={{ width: `${p.percent}%` }} />
      </div>
    </div>
  );
}

/** A batch's page: its facts, progress, decisions, outcomes and rows (a page of them at a time). */
export function BatchDetail(p: {
  batch: PayoutBatchView;
  outcomes: Record<string, number>;
  lines: PayoutBatchLineView[];
  page: { afterRow: number; nextAfterRow: number | null; size: number };
  viewer: { canDecide: boolean; stepUp: StepUpPrompt; cancel: "batch" | "rows" | null };
}) {
  const { batch, counts } = { batch: p.batch, counts: p.batch.counts };
  const progress: BatchProgress = {
    rowCount: batch.rowCount,
    sent: counts.sent,
    cancelled: counts.cancelled,
    settled: batch.settled,
  };
  // Sent (handed to the service) and settled (the order final) are told apart: a file all sent may have
  // every order still In progress. Cancelled rows are out of both.
  const toSend = batch.rowCount - counts.cancelled;
  const sentPercent = percentOf(counts.sent, toSend);
  const settledPercent = percentOf(batch.settled, toSend);
  const summary = `${batch.rowCount} pay-outs (${totalsText(batch.totals)})`;
  return (
    <div className="page stack">
      <AutoRefresh active={batchIsLive(batch.status, progress)} />
      <header className="page-header">
        <div>
          <h1>Pay-out file {batch.fileName}</h1>
          <p>
            <BatchStatusBadge status={batch.status} progress={progress} /> uploaded by{" "}
            {batch.createdByEmail ?? "—"} <LocalTime value={batch.createdAt} />
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
        <ProgressBar
          label="Sent to the payment service"
          value={counts.sent}
          max={toSend}
          percent={sentPercent}
          valueText={`${counts.sent} of ${toSend} rows sent (${sentPercent}%)`}
        />
        <ProgressBar
          label="Settled: orders in a final status"
          value={batch.settled}
          max={toSend}
          percent={settledPercent}
          valueText={`${batch.settled} of ${toSend} orders settled (${settledPercent}%)`}
        />
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
          <div>
            <dt>Settled</dt>
            <dd>{batch.settled}</dd>
          </div>
          <div>
            <dt>Orders in progress</dt>
            <dd data-testid="batch-in-progress">{counts.sent - batch.settled}</dd>
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
          {sentPercent}% sent, {settledPercent}% settled
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
              {/* Sending's end, not the orders': they may still be In progress. */}
              <dt>{batch.status === "done" ? "All rows sent" : "Ended"}</dt>
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
