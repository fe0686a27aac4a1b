import type { Metadata } from "next";
import { NewOrderPage, type NewOrderSearchParams } from "../../new-order-page";

export const metadata: Metadata = { title: "New pay-out" };

/** /payouts/new[?method=SBP | ?resend=<refused order id>] — create a pay-out order (operators and admins). */
export default function NewPayoutPage({ searchParams }: { searchParams: Promise<NewOrderSearchParams> }) {
  return <NewOrderPage direction="payout" searchParams={searchParams} />;
}
