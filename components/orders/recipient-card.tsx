import "server-only";
import { Fragment } from "react";
import type { OrderRow } from "@/lib/database/dashboard/queries/orders";
import { getPaymentApi } from "@/lib/runtime";
import { viewerBankNamer } from "@/lib/pay-page/viewer-bank-name";
import { recipientRows } from "./recipient";

/** The name the bank directory gives `bankId` in `country`; undefined when it has none or cannot be read. */
async function bankNameOf(country: string, bankId: unknown): Promise<string | undefined> {
  if (typeof bankId !== "number") return undefined;
  try {
    const bank = (await getPaymentApi().listBanks(country)).find((b) => b.id === bankId);
    // By the directory's name: the service's ids need not be the reference data's.
    return bank && (await viewerBankNamer())({ bankName: bank.name });
  } catch {
    // The page still shows the id; the Banks page explains a directory that cannot be read.
    return undefined;
  }
}

/** Who a pay-out pays: the recipient's details by method (card masked), the bank as the pay page names it. */
export async function RecipientCard({
  order,
}: {
  order: Pick<OrderRow, "request" | "country" | "paymentMethod">;
}) {
  const bankName = await bankNameOf(order.country, order.request.bankId);
  const rows = recipientRows(order.request, bankName);
  return (
    <section className="card stack" aria-labelledby="recipient-title">
      <h2 id="recipient-title">Recipient</h2>
      <dl className="details">
        <dt>Method</dt>
        <dd>{order.paymentMethod}</dd>
        {rows.map((r) => (
          <Fragment key={r.label}>
            <dt>{r.label}</dt>
            <dd className={r.mono ? "mono" : undefined}>{r.value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
