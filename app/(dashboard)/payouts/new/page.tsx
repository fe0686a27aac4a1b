import type { Metadata } from "next";
import { PayoutForm } from "@/components/payout-form/payout-form";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { isPayoutMethod } from "@/lib/contract";

export const metadata: Metadata = { title: "New pay-out" };

/** /payouts/new[?method=SBP] — create a pay-out order (operators and admins). */
export default async function NewPayoutPage({
  searchParams,
}: {
  searchParams: Promise<{ method?: string }>;
}) {
  await requirePageUser(ORDER_WRITE_ROLES);
  const { method } = await searchParams;
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>New pay-out</h1>
          <p>Send money to a client. Card numbers are stored masked (first six and last four digits) only.</p>
        </div>
      </header>
      <div className="card">
        <PayoutForm initialMethod={method && isPayoutMethod(method) ? method : "Card"} />
      </div>
    </div>
  );
}
