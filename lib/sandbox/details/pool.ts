/**
 * The pool of payment details the sandbox hands out (configurable through SandboxOptions.detailsPool).
 * An order takes the entry at a position derived from its id, so one order always shows the same details.
 */
import { isLuhnValid, luhnCheckDigit } from "@/lib/contract";

export interface PoolCard {
  cardNumber: string;
  cardHolderName: string;
}
export interface PoolSbpPayee {
  /** +7 and ten digits. */
  phoneNumber: string;
  payeeName: string;
}
export interface PoolPixReceiver {
  /** A Pix key: EVP (UUID), email, phone (+55...) or CPF/CNPJ digits. */
  key: string;
  /** EMV tag 59: at most 25 characters. */
  merchantName: string;
  /** EMV tag 60: at most 15 characters. */
  city: string;
}

export interface DetailsPool {
  cards: readonly PoolCard[];
  sbpPayees: readonly PoolSbpPayee[];
  pixReceivers: readonly PoolPixReceiver[];
}

const withLuhn = (partial: string) => partial + luhnCheckDigit(partial);

export const DEFAULT_DETAILS_POOL: DetailsPool = {
  cards: [
    { cardNumber: withLuhn("220220014567812"), cardHolderName: "IVAN PETROV" },
    { cardNumber: withLuhn("427655123409876"), cardHolderName: "ANNA SMIRNOVA" },
    { cardNumber: withLuhn("553691004512337"), cardHolderName: "SERGEY KUZNETSOV" },
    { cardNumber: withLuhn("220070223344556"), cardHolderName: "OLGA VOLKOVA" },
    { cardNumber: withLuhn("440043118899001"), cardHolderName: "AIGERIM NURLANOVA" },
    { cardNumber: withLuhn("220015778812345"), cardHolderName: "DMITRY SOKOLOV" },
  ],
  sbpPayees: [
    { phoneNumber: "+79161234567", payeeName: "Иван Петрович С." },
    { phoneNumber: "+79037654321", payeeName: "Анна Сергеевна К." },
    { phoneNumber: "+79265550123", payeeName: "Дмитрий Олегович В." },
    { phoneNumber: "+79852223344", payeeName: "Ольга Игоревна М." },
  ],
  pixReceivers: [
    { key: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906", merchantName: "LOJA SANDBOX LTDA", city: "SAO PAULO" },
    { key: "pagamentos@sandbox.example", merchantName: "MERCADO EXEMPLO", city: "RIO DE JANEIRO" },
    { key: "11222333000181", merchantName: "EMPRESA TESTE SA", city: "BELO HORIZONTE" },
  ],
};

/** Throws naming the first entry a sandbox would hand out wrongly. */
export function assertValidPool(pool: DetailsPool): void {
  for (const [list, name] of [
    [pool.cards, "cards"],
    [pool.sbpPayees, "sbpPayees"],
    [pool.pixReceivers, "pixReceivers"],
  ] as const) {
    if (list.length === 0) throw new Error(`detailsPool.${name} must not be empty`);
  }
  for (const card of pool.cards) {
    if (!/^\d{13,19}$/.test(card.cardNumber) || !isLuhnValid(card.cardNumber))
      throw new Error(`detailsPool.cards: ${card.cardNumber} is not a Luhn-valid card number`);
  }
  for (const payee of pool.sbpPayees) {
    if (!/^\+7\d{10}$/.test(payee.phoneNumber))
      throw new Error(`detailsPool.sbpPayees: ${payee.phoneNumber} is not +7 and ten digits`);
  }
  for (const r of pool.pixReceivers) {
    if (r.merchantName.length > 25 || r.city.length > 15 || r.key.length > 77)
      throw new Error(`detailsPool.pixReceivers: ${r.key} has a name > 25, city > 15 or key > 77 characters`);
  }
}

/** A stable position in a list of `size` for an order id (a UUID). */
export function pickIndex(orderId: string, size: number): number {
  return Number.parseInt(orderId.replace(/-/g, "").slice(0, 8), 16) % size;
}
