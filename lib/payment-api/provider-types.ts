/**
 * Raw provider types: the wire shapes of the payment service exactly as it sends them. Only this folder
 * sees them; the rest of the app gets the app types of ./types.ts (see ./transform.ts).
 */
import "server-only";
import {
  type Bank,
  bankListSchema,
  type PayinMethod,
  type PayinResponse,
  payinResponseSchemaFor,
  type PayoutResponse,
  payoutResponseSchema,
} from "@/lib/contract";

export type RawPayinResponse = PayinResponse;
export type RawPayoutResponse = PayoutResponse;
export type RawBank = Bank;

export const rawPayinResponseSchema = (method: PayinMethod) => payinResponseSchemaFor(method);
export const rawPayoutResponseSchema = payoutResponseSchema;
export const rawBankListSchema = bankListSchema;
