import { type BatchProgress, batchStatusText, batchStatusTone } from "./batch-status";
import type { PayoutBatchStatus } from "@/lib/database/dashboard/schema";

/** A batch's status as a badge: "Sent" while its orders are In progress, "Settled" once all are final. */
export function BatchStatusBadge({
  status,
  progress,
}: {
  status: PayoutBatchStatus;
  progress: BatchProgress;
}) {
  const text = batchStatusText(status, progress);
  return (
    <span className="badge" data-status={batchStatusTone(text)} data-testid="batch-status">
      {text}
    </span>
  );
}
