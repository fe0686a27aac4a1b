import Link from "next/link";
import { LocalTime } from "@/components/time/local-time";
import type { PayoutBatchListRow } from "@/lib/database/dashboard/queries/payout-batches";
import { AutoRefresh } from "./auto-refresh";
import { batchIsLive, totalsText } from "./batch-status";
import { BatchStatusBadge } from "./batch-status-badge";

/** The batches list: newest first, each with its status, progress and totals, linked to its page. */
export function BatchesList(p: { batches: PayoutBatchListRow[]; canUpload: boolean }) {
  const live = p.batches.some((b) => batchIsLive(b.status, b));
  return (
    <div className="page stack">
      <AutoRefresh active={live} intervalMs={5_000} />
      <header className="page-header">
        <div>
          <h1>Pay-out files</h1>
          <p>Bulk pay-outs uploaded as CSV files, each approved and sent as one.</p>
        </div>
        {p.canUpload ? (
          <Link className="button button-primary" href="/payouts/batches/new">
            New pay-out file
          </Link>
        ) : null}
      </header>
      {p.batches.length === 0 ? (
        <p className="card">No pay-out files yet.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Sent
                </th>
                <th scope="col" className="num">
                  Settled
                </th>
                <th scope="col">Totals</th>
                <th scope="col">Uploaded</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {p.batches.map((b) => (
                <tr key={b.id}>
                  <td>
                    <Link href={`/payouts/batches/${b.id}`}>{b.fileName}</Link>
                  </td>
                  <td>
                    <BatchStatusBadge status={b.status} progress={b} />
                  </td>
                  <td className="num" data-testid="batch-sent">
                    {b.sent} / {b.rowCount - b.cancelled}
                  </td>
                  <td className="num" data-testid="batch-settled">
                    {b.settled} / {b.rowCount - b.cancelled}
                  </td>
                  <td>{totalsText(b.totals)}</td>
                  <td>
                    <LocalTime value={b.createdAt} format="stacked" />
                  </td>
                  <td>{b.createdByEmail ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
