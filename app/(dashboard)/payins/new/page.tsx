import type { Metadata } from "next";
import { PayinForm } from "@/components/payin-form/payin-form";
import { ResendNotice } from "@/components/forms/resend-notice";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { isPayinMethod } from "@/lib/contract";
import { getDb } from "@/lib/runtime";
import { loadResendSource } from "@/lib/orders/resend-source";

export const metadata: Metadata = { title: "New pay-in" };

/** /payins/new[?method=PIX | ?resend=<refused order id>] — create a pay-in order (operators and admins). */
export default async function NewPayinPage({
  searchParams,
}: {
  searchParams: Promise<{ method?: string; resend?: string }>;
}) {
  await requirePageUser(ORDER_WRITE_ROLES);
  const { method, resend } = await searchParams;
  // "Fix and resend" of a refused order: its values come from the server by id, the card number never.
  const source = resend ? await loadResendSource(await getDb(), resend, "payin") : null;
  const from = source?.ok ? source : null;
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
      {source && <ResendNotice source={source} />}
      <div className="card">
        <PayinForm
          key={from?.order.id ?? "new"}
          initialMethod={method && isPayinMethod(method) ? method : "SBP"}
          {...(from ? { defaultValues: from.values, resendOf: from.order.id } : {})}
        />
      </div>
    </div>
  );
}
