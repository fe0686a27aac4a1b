/** A status as a badge; any status string the service sends is shown as-is (docs/architecture.md, Statuses). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className="badge" data-status={status}>
      {status}
    </span>
  );
}
