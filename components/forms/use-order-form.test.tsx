import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { PAYIN_METHOD_INFO, PAYOUT_METHOD_INFO, type PayinMethod, type PayoutMethod } from "@/lib/contract";
import type { OrderActionResult } from "@/lib/orders/field-errors";
import { defaultPayinFormValues, PAYIN_FORM_FIELDS, payinFormSchema } from "@/lib/orders/payin-form-schema";
import {
  defaultPayoutFormValues,
  PAYOUT_FORM_FIELDS,
  payoutFormSchema,
} from "@/lib/orders/payout-form-schema";
import type { CreateOptionsInput } from "@/lib/orders/resend-schema";
import {
  type OrderForm,
  type OrderFormKind,
  type OrderFormProps,
  type OrderFormSchema,
  useOrderForm,
} from "./use-order-form";

const push = vi.fn();
vi.mock("next/navigation", () => ({ useRouter: () => ({ push, refresh: vi.fn() }) }));

const PAYMENT_ID = "3f2c8e1a-6d0b-4c1e-9a2f-7b5d4c3e2a10";
const CLIENT = {
  id: "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d",
  ip: "203.0.113.10",
  email: "client@example.com",
};
const ORDER_ID = "0f8b8f52-3c2e-4a55-9d0e-8f4f7f0b8b01";

type Action = (values: unknown, options?: CreateOptionsInput) => Promise<OrderActionResult>;

/** Calls the hook as a form would, and hands its result to `got`. */
function Probe<S extends OrderFormSchema, M extends string>({
  kind,
  props,
  got,
}: {
  kind: OrderFormKind<S, M>;
  props: OrderFormProps<S, M>;
  got: (order: OrderForm<S, M>) => void;
}) {
  got(useOrderForm(kind, props));
  return null;
}

/** Renders the hook on the server (effects do not run) and hands back what it returned. */
function renderHook<S extends OrderFormSchema, M extends string>(
  kind: OrderFormKind<S, M>,
  props: OrderFormProps<S, M>,
) {
  let order: OrderForm<S, M> | undefined;
  renderToStaticMarkup(
    <Probe
      kind={kind}
      props={props}
      got={(o) => {
        order = o;
      }}
    />,
  );
  if (!order) throw new Error("the hook did not run");
  return order;
}

/** The pay-in form's kind (payin-form.tsx), with a stand-in for its server action. */
const payinKind = (action: Action) => ({
  schema: payinFormSchema,
  emptyValues: (method: PayinMethod) => defaultPayinFormValues(method),
  action,
  formFields: PAYIN_FORM_FIELDS,
  methodInfo: PAYIN_METHOD_INFO,
  methodDependentFields: ["bankId"],
});

function payinForm(action: Action, values = defaultPayinFormValues("SBP", PAYMENT_ID), resendOf?: string) {
  return renderHook(payinKind(action), { initialMethod: "SBP", defaultValues: values, resendOf });
}

const filled = () => ({
  ...defaultPayinFormValues("SBP", PAYMENT_ID),
  client: { ...CLIENT },
  amount: "1500",
});

beforeEach(() => {
  push.mockClear();
  // The field errors are placed on the fields the page shows; on the server there are none.
  vi.stubGlobal("document", { querySelector: () => null });
  vi.stubGlobal("CSS", { escape: (s: string) => s });
});
afterEach(() => vi.unstubAllGlobals());

describe("useOrderForm", () => {
  test("starts from its values: the method, the paymentId, nothing pending or said", () => {
    const order = payinForm(vi.fn(), defaultPayinFormValues("PIX", PAYMENT_ID));
    expect(order.method).toBe("PIX");
    expect(order.paymentId).toBe(PAYMENT_ID);
    expect(order.form.getValues("country")).toBe(PAYIN_METHOD_INFO.PIX.defaultCountry);
    expect(order.status).toBeNull();
    expect(order.pending).toBe(false);
  });

  test("a new form starts empty with its initial method; its paymentId is generated in the browser", () => {
    const order = renderHook(payinKind(vi.fn()), { initialMethod: "QRNSPK" });
    expect(order.method).toBe("QRNSPK");
    expect(order.paymentId).toBe("");
    expect(order.form.getValues()).toEqual(defaultPayinFormValues("QRNSPK"));
  });

  test("a valid form goes to the action as the schema's request (amount as text), then the order opens", async () => {
    const action = vi.fn<Action>().mockResolvedValue({ ok: true, orderId: ORDER_ID });
    const order = payinForm(action, filled());
    await order.onSubmit();
    expect(action).toHaveBeenCalledTimes(1);
    const [request, options] = action.mock.calls[0] ?? [];
    expect(request).toMatchObject({
      paymentId: PAYMENT_ID,
      paymentMethod: "SBP",
      amount: "1500",
      client: CLIENT,
    });
    expect(options).toEqual({});
    expect(push).toHaveBeenCalledWith(`/orders/${ORDER_ID}`);
  });

  test("an invalid form never reaches the action", async () => {
    const action = vi.fn<Action>();
    const order = payinForm(action, defaultPayinFormValues("SBP", PAYMENT_ID));
    await order.onSubmit();
    expect(action).not.toHaveBeenCalled();
    expect(order.form.getFieldState("amount").error?.message).toMatch(/^Required/);
  });

  test("Fix and resend: the form's refused order goes with the request", async () => {
    const refused = "5d1f2e3a-0000-4000-8000-000000000001";
    const action = vi.fn<Action>().mockResolvedValue({ ok: true, orderId: ORDER_ID });
    await payinForm(action, filled(), refused).onSubmit();
    expect(action.mock.calls[0]?.[1]).toEqual({ resendOf: refused });
  });

  test("a refusal by the service gives the form a new paymentId: the next submit is a new order", async () => {
    const action = vi
      .fn<Action>()
      .mockResolvedValue({ ok: false, refused: true, orderId: ORDER_ID, message: "Refused by the service." });
    const order = payinForm(action, filled());
    await order.onSubmit();
    await order.onSubmit();
    const [first, second] = action.mock.calls.map(
      ([request]) => (request as { paymentId: string }).paymentId,
    );
    expect(first).toBe(PAYMENT_ID);
    expect(second).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).not.toBe(PAYMENT_ID);
    expect(push).not.toHaveBeenCalled();
  });

  test("serves the pay-out form too, with its own methods", () => {
    const order = renderHook(
      {
        schema: payoutFormSchema,
        emptyValues: (method: PayoutMethod) => defaultPayoutFormValues(method),
        action: vi.fn(),
        formFields: PAYOUT_FORM_FIELDS,
        methodInfo: PAYOUT_METHOD_INFO,
        methodDependentFields: ["payoutDetails"],
      },
      { initialMethod: "Card", defaultValues: defaultPayoutFormValues("PIX_OUT_EVP", PAYMENT_ID) },
    );
    expect(order.method).toBe("PIX_OUT_EVP");
    expect(order.paymentId).toBe(PAYMENT_ID);
  });
});
