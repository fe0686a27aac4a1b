import Link from "next/link";

/** The overview's title, greeting and quick links (creating orders only for roles that may). */
export function OverviewHeader({ name, canWrite }: { name: string | null; canWrite: boolean }) {
  return (
    <header className="page-header">
      <div>
        <h1>Overview</h1>
        <p>Welcome{name ? `, ${name}` : ""}. Orders at a glance.</p>
      </div>
      <nav className="row" aria-label="Quick links">
        {canWrite && (
          <>
            <Link href="/payins/new" className="button button-primary">
              New pay-in
            </Link>
            <Link href="/payouts/new" className="button button-primary">
              New pay-out
            </Link>
          </>
        )}
        <Link href="/orders" className="button">
          All orders
        </Link>
        <Link href="/banks" className="button">
          Banks
        </Link>
      </nav>
    </header>
  );
}
