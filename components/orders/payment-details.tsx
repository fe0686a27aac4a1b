import type { BankDetails } from "@/lib/contract";
import { viewerBankNamer, type BankNamer } from "@/lib/pay-page/viewer-bank-name";
import { formatCardNumber, formatPhone } from "@/lib/pay-page/format";
import { CopyButton } from "@/components/copy-button/copy-button";
import styles from "./orders.module.css";

/** [label, value, shown as] rows of a pay-in's payment details (what the customer pays to). */
function rowsOf(details: BankDetails, bankName: BankNamer): [string, string, string?][] {
  const rows: [string, string, string?][] = [];
  if ("card" in details) {
    const { cardNumber, cardHolderName } = details.card;
    rows.push(["Card number", cardNumber, formatCardNumber(cardNumber)], ["Card holder", cardHolderName]);
  }
  if ("phoneNumber" in details)
    rows.push(
      ["Phone number", details.phoneNumber, formatPhone(details.phoneNumber)],
      ["Payee", details.payeeName],
    );
  if ("qr" in details) {
    if ("url" in details.qr && details.qr.url) rows.push(["QR link", details.qr.url]);
    if (details.qr.code) rows.push(["QR code", details.qr.code]);
  }
  // The bank as the customer's page names it; the service's own spelling is on the raw order.
  rows.push([
    "Bank",
    bankName({ bankName: details.bankName, ...("bankId" in details ? { bankId: details.bankId } : {}) }),
  ]);
  if ("bankId" in details) rows.push(["Bank id", String(details.bankId)]);
  return rows;
}

export async function PaymentDetails({ details }: { details: BankDetails }) {
  const bankName = await viewerBankNamer();
  return (
    <dl className="details">
      {rowsOf(details, bankName).map(([label, value, shown]) => (
        <div key={label} className={styles.detailPair}>
          <dt>{label}</dt>
          <dd>
            {/* Copy gives the service's exact value; the eye gets it grouped. */}
            <span className="mono">{shown ?? value}</span>{" "}
            {label !== "Bank" && label !== "Bank id" && (
              <CopyButton value={value} label={label.toLowerCase()} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
