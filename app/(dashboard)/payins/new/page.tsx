import type { Metadata } from "next";
import { PayinForm } from "@/components/payin-form/payin-form";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { isPayinMethod } from "@/lib/contract";

export const metadata: Metadata = { title: "New pay-in" };

/** /payins/new[?method=PIX] — create a pay-in order (operators and admins). */
export default async function NewPayinPage({ searchParams }: { searchParams: Promise<{ method?: string }> }) {
  await requirePageUser(ORDER_WRITE_ROLES);
  const { method } = await searchParams;
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>New pay-in</h1>
          <p>
            Collect money from a client. The order page then shows the payment details and the customer link.
          </p>
        </div>
      </header>
      <div className="card">
        <PayinForm initialMethod={method && isPayinMethod(method) ? method : "SBP"} />
      </div>
    </div>
  );
}
