/** Pix BR Code ("Pix Copia e Cola"): the EMV QR payload a Brazilian bank app reads. */
import { formatMinorUnits } from "@/lib/contract";
import { tlv, withCrc } from "@/lib/contract/emv";
import type { PoolPixReceiver } from "./pool";

const PIX_GUI = "br.gov.bcb.pix";

/** Strips accents and anything outside the EMV alphanumeric set the Pix manual recommends. */
function emvText(text: string, max: number): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .\-@]/g, "")
    .slice(0, max);
}

export interface BrCodeInput {
  receiver: PoolPixReceiver;
  amountMinor: number;
  /** Transaction id (tag 62-05): up to 25 letters and digits. */
  txid: string;
}

export function buildPixBrCode({ receiver, amountMinor, txid }: BrCodeInput): string {
  const payload =
    tlv("00", "01") +
    tlv("01", "12") + // point of initiation: dynamic, one payment
    tlv("26", tlv("00", PIX_GUI) + tlv("01", receiver.key)) +
    tlv("52", "0000") +
    tlv("53", "986") +
    tlv("54", formatMinorUnits(amountMinor)) +
    tlv("58", "BR") +
    tlv("59", emvText(receiver.merchantName, 25)) +
    tlv("60", emvText(receiver.city, 15)) +
    tlv("62", tlv("05", txid.replace(/[^A-Za-z0-9]/g, "").slice(0, 25)));
  return withCrc(payload);
}
