import type { BankDetails } from "@/lib/contract";
import { CopyButton } from "./copy-button";

/** Rows of a pay-in's payment details (what the customer pays to), whatever the method's shape. */
function rowsOf(details: BankDetails): [string, string][] {
  const rows: [string, string][] = [];
  if ("card" in details) {
    rows.push(["Card number", details.card.cardNumber], ["Card holder", details.card.cardHolderName]);
  }
  if ("phoneNumber" in details)
    rows.push(["Phone number", details.phoneNumber], ["Payee", details.payeeName]);
  if ("qr" in details) {
    if ("url" in details.qr && details.qr.url) rows.push(["QR link", details.qr.url]);
    if (details.qr.code) rows.push(["QR code", details.qr.code]);
  }
  rows.push(["Bank", details.bankName]);
  if ("bankId" in details) rows.push(["Bank id", String(details.bankId)]);
  return rows;
}

export function PaymentDetails({ details }: { details: BankDetails }) {
  return (
    <dl className="details">
      {rowsOf(details).map(([label, value]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt>{label}</dt>
          <dd>
            <span className="mono">{value}</span>{" "}
            {label !== "Bank" && label !== "Bank id" && (
              <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
