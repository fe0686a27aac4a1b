import type { Metadata } from "next";
import { NewOrderPage, type NewOrderSearchParams } from "../../new-order-page";

export const metadata: Metadata = { title: "New pay-in" };

/** /payins/new[?method=PIX | ?resend=<refused order id>] — create a pay-in order (operators and admins). */
export default function NewPayinPage({ searchParams }: { searchParams: Promise<NewOrderSearchParams> }) {
  return <NewOrderPage direction="payin" searchParams={searchParams} />;
}
