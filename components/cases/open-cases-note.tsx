import Link from "next/link";

/**
 * The overview's line about open "I have paid" cases; nothing when there are none. The alerts work
 * (issue 18 §2) raises its alert from the same count (countOpenCases).
 */
export function OpenCasesNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="alert alert-warning" data-testid="open-cases">
      <Link href="/cases">{count === 1 ? "1 open case" : `${count} open cases`}</Link>:{" "}
      {count === 1 ? "a customer says they paid" : "customers say they paid"} and the order does not show it.
    </p>
  );
}
