"use client";

import { useWatch } from "react-hook-form";
import { useViewerLocale } from "@/components/use-viewer-locale";
import { type Direction, orderCurrency, parseAmountText } from "@/lib/contract";
import { formatMinorMoney } from "@/lib/format/money";

/**
 * The order form's amount as it will be sent, in the viewer's own writing ("49 999,00 ₽" in ru-RU), or
 * undefined while the typed text reads as no amount. Read by the same rule the server uses
 * (lib/contract/amount-text.ts), so what staff see said back is what reaches the payment service.
 */
export function useAmountAsSent(direction: Direction, method: string): string | undefined {
  const typed = useWatch({ name: "amount" });
  const country = String(useWatch({ name: "country" }) ?? "")
    .trim()
    .toUpperCase();
  const locale = useViewerLocale();
  const reading = parseAmountText(String(typed ?? ""));
  if (!reading.ok) return undefined;
  const { currency } = orderCurrency({ direction, paymentMethod: method, country });
  return formatMinorMoney(reading.minor, currency, locale);
}
