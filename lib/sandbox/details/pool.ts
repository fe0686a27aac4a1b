/**
 * The pool of payment details the sandbox hands out (configurable through SandboxOptions.detailsPool).
 * An order takes the entry at a position derived from its id, so one order always shows the same details.
 */
import { z } from "zod";
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

/**
 * What a pool entry must satisfy to be handed out correctly, as zod schemas: assertValidPool checks a pool
 * with them, and the sandbox's config file (SANDBOX_CONFIG_FILE, lib/sandbox/config.ts) reads lists with them.
 * Plain objects (unknown keys are dropped); the config file wraps their `.shape` in a strict object.
 */
export const poolCardSchema = z.object({
  cardNumber: z
    .string()
    .refine((v) => /^\d{13,19}$/.test(v) && isLuhnValid(v), "not a Luhn-valid card number"),
  cardHolderName: z.string(),
});

export const poolSbpPayeeSchema = z.object({
  phoneNumber: z.string().regex(/^\+7\d{10}$/, "not +7 and ten digits (e.g. +79161234567)"),
  payeeName: z.string(),
});

export const poolPixReceiverSchema = z.object({
  key: z.string().max(77, "longer than 77 characters (EMV tag 26-01)"),
  merchantName: z.string().max(25, "longer than 25 characters (EMV tag 59)"),
  city: z.string().max(15, "longer than 15 characters (EMV tag 60)"),
});

/** A list of the pool: at least one entry. */
export const poolListSchema = <T extends z.ZodType>(entry: T) => z.array(entry).min(1, "must not be empty");

export const detailsPoolSchema = z.object({
  cards: poolListSchema(poolCardSchema),
  sbpPayees: poolListSchema(poolSbpPayeeSchema),
  pixReceivers: poolListSchema(poolPixReceiverSchema),
});

/** Throws naming every entry a sandbox would hand out wrongly (e.g. "detailsPool.cards.0.cardNumber: ..."). */
export function assertValidPool(pool: DetailsPool): void {
  const parsed = detailsPoolSchema.safeParse(pool);
  if (!parsed.success) {
    throw new Error(
      parsed.error.issues
        .map((i) => `${["detailsPool", ...i.path.map(String)].join(".")}: ${i.message}`)
        .join("; "),
    );
  }
}

/** A stable position in a list of `size` for an order id (a UUID). */
export function pickIndex(orderId: string, size: number): number {
  return Number.parseInt(orderId.replace(/-/g, "").slice(0, 8), 16) % size;
}
