/**
 * The forms' label of each contract path, so a refusal's field errors ("payoutDetails.ccNo: ...") read as
 * the fields the user filled in ("Card number: ..."). Pure: shared by the order page and its tests.
 */
import { PAYOUT_DETAIL_FIELDS, PAYOUT_DETAIL_LABELS } from "@/lib/contract";

const LABELS: Record<string, string> = {
  paymentId: "paymentId",
  paymentMethod: "Payment method",
  amount: "Amount",
  country: "Country",
  trafficType: "Traffic type",
  bankId: "Bank",
  addRandomCents: "Add random cents",
  postbackUrl: "Postback URL",
  "client.id": "Client id",
  "client.ip": "Client IP",
  "client.email": "Client email",
  "client.phone": "Client phone",
  "client.firstName": "First name",
  "client.lastName": "Last name",
  "client.tin": "Client CPF / CNPJ",
  ...Object.fromEntries(PAYOUT_DETAIL_FIELDS.map((f) => [`payoutDetails.${f}`, PAYOUT_DETAIL_LABELS[f]])),
};

/** The label of a contract path; a path no form shows (e.g. "(body)") is given as it is. */
export function fieldLabel(path: string): string {
  return LABELS[path] ?? path;
}
