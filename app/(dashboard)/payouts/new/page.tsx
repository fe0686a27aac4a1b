import type { Metadata } from "next";
import Link from "next/link";
import { PayoutForm } from "@/components/payout-form/payout-form";
import { ResendNotice } from "@/components/forms/resend-notice";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { isPayoutMethod } from "@/lib/contract";
import { getDb } from "@/lib/runtime";
import { loadResendSource } from "@/lib/orders/resend-source";

export const metadata: Metadata = { title: "New pay-out" };

/** /payouts/new[?method=SBP | ?resend=<refused order id>] — create a pay-out order (operators and admins). */
export default async function NewPayoutPage({
  searchParams,
}: {
  searchParams: Promise<{ method?: string; resend?: string }>;
}) {
  await requirePageUser(ORDER_WRITE_ROLES);
  const { method, resend } = await searchParams;
  // "Fix and resend" of a refused order: its values come from the server by id, the card number never.
  const source = resend ? await loadResendSource(await getDb(), resend, "payout") : null;
  const from = source?.ok ? source : null;
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>New pay-out</h1>
          <p>Send money to a client. Card numbers are stored masked (first six and last four digits) only.</p>
        </div>
        <Link className="button" href="/payouts/batches/new">
          From a file
        </Link>
      </header>
      {source && <ResendNotice source={source} />}
      <div className="card">
        <PayoutForm
          key={from?.order.id ?? "new"}
          initialMethod={method && isPayoutMethod(method) ? method : "Card"}
          {...(from ? { defaultValues: from.values, resendOf: from.order.id } : {})}
        />
      </div>
    </div>
  );
}
