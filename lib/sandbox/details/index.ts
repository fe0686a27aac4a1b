/** The `bankDetails` of a new pay-in (spec 2.2), by method, from the pool and the bank directory. */
import { type BankDetails, PAYIN_METHOD_INFO, type PayinMethod } from "@/lib/contract";
import type { DirectoryBank } from "../banks";
import { buildNspkLink, nspkQrShape } from "./nspk";
import { buildPixBrCode } from "./pix";
import { type DetailsPool, pickIndex } from "./pool";

export interface DetailsInput {
  orderId: string;
  method: PayinMethod;
  /** The bank the details belong to; undefined only for cards in a country without banks. */
  bank: DirectoryBank | undefined;
  /** The bankId of the request, if any (it picks the QR shape of NSPK orders). */
  requestedBankId: number | undefined;
  amountMinor: number;
  pool: DetailsPool;
}

const FALLBACK_BANK_NAME = "Sandbox Bank";

export function makeBankDetails(input: DetailsInput): BankDetails {
  const { orderId, method, bank, pool, amountMinor } = input;
  const bankName = bank?.name ?? FALLBACK_BANK_NAME;
  switch (PAYIN_METHOD_INFO[method].bankDetails) {
    case "card": {
      const card = pool.cards[pickIndex(orderId, pool.cards.length)]!;
      return { card: { cardNumber: card.cardNumber, cardHolderName: card.cardHolderName }, bankName };
    }
    case "phone": {
      const payee = pool.sbpPayees[pickIndex(orderId, pool.sbpPayees.length)]!;
      return { phoneNumber: payee.phoneNumber, bankName, payeeName: payee.payeeName };
    }
    case "nspkQr": {
      if (!bank) throw new Error("an NSPK QR needs an SBP member bank");
      const link = buildNspkLink(orderId, bank.nspk, amountMinor);
      const shape = nspkQrShape(input.requestedBankId);
      const qr =
        shape === "url" ? { url: link } : shape === "code" ? { code: link } : { url: link, code: link };
      return { qr, bankName, bankId: bank.id };
    }
    case "pixQr": {
      if (!bank) throw new Error("a Pix QR needs a Brazilian bank");
      const receiver = pool.pixReceivers[pickIndex(orderId, pool.pixReceivers.length)]!;
      const code = buildPixBrCode({ receiver, amountMinor, txid: orderId.replace(/-/g, "").slice(0, 25) });
      return { qr: { code }, bankName, bankId: bank.id };
    }
  }
}
