import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { ResendNotice } from "@/components/forms/resend-notice";
import { PayinForm } from "@/components/payin-form/payin-form";
import { PayoutForm } from "@/components/payout-form/payout-form";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { type Direction, isPayinMethod, isPayoutMethod } from "@/lib/contract";
import { loadResendSource, type ResendValues } from "@/lib/orders/resend-source";
import { getDb, getEnv } from "@/lib/runtime";

export interface NewOrderSearchParams {
  method?: string;
  resend?: string;
}

/** A refused order's values to fix and resend, as its create form takes them (or nothing). */
type ResendProps<D extends Direction> =
  | { defaultValues: ResendValues<D>; resendOf: string }
  | Record<string, never>;

/** Each direction's page: its heading, what it is for, and its form for the `?method=` asked for. */
const NEW_ORDER: {
  [D in Direction]: {
    title: string;
    intro: string;
    /** Another way to make such orders, as a link beside the heading. */
    alternative?: { href: string; label: string };
    /** The form for `?method=`, with a refused order's values to resend, and the sandbox's test triggers shown. */
    form: (method: string | undefined, resend: ResendProps<D>, sandbox: boolean) => ReactNode;
  };
} = {
  payin: {
    title: "New pay-in",
    intro:
      "Collect money from a client. The order page then shows the payment details and the customer link.",
    form: (method, resend, sandbox) => (
      <PayinForm
        initialMethod={method && isPayinMethod(method) ? method : "SBP"}
        sandbox={sandbox}
        {...resend}
      />
    ),
  },
  payout: {
    title: "New pay-out",
    intro: "Send money to a client. Card numbers are stored masked (first six and last four digits) only.",
    alternative: { href: "/payouts/batches/new", label: "From a file" },
    form: (method, resend, sandbox) => (
      <PayoutForm
        initialMethod={method && isPayoutMethod(method) ? method : "Card"}
        sandbox={sandbox}
        {...resend}
      />
    ),
  },
};

/**
 * /payins/new and /payouts/new[?method=… | ?resend=<refused order id>] (operators and admins): create an
 * order. "Fix and resend" of a refused order: its values come from the server by id, the card number never.
 */
export async function NewOrderPage<D extends Direction>({
  direction,
  searchParams,
}: {
  direction: D;
  searchParams: Promise<NewOrderSearchParams>;
}) {
  await requirePageUser(ORDER_WRITE_ROLES);
  const { method, resend } = await searchParams;
  const source = resend ? await loadResendSource(await getDb(), resend, direction) : null;
  const from = source?.ok ? source : null;
  const { title, intro, alternative, form } = NEW_ORDER[direction];
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>{title}</h1>
          <p>{intro}</p>
        </div>
        {alternative && (
          <Link className="button" href={alternative.href}>
            {alternative.label}
          </Link>
        )}
      </header>
      {source && <ResendNotice source={source} />}
      <div className="card">
        <Fragment key={from?.order.id ?? "new"}>
          {form(
            method,
            from ? { defaultValues: from.values, resendOf: from.order.id } : {},
            getEnv().usesSandbox,
          )}
        </Fragment>
      </div>
    </div>
  );
}
