import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApprovalCard } from "@/components/approvals/approval-card";
import { CaseCard } from "@/components/cases/case-card";
import { OrderDetail } from "@/components/orders/order-detail";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { APPROVE_ROLES, CANCEL_OWN_ROLES } from "@/lib/auth/roles";
import { stepUpPrompt } from "@/lib/auth/step-up";
import { getPayoutApprovalView } from "@/lib/database/dashboard/queries/payout-approvals";
import { getDb, getEnv } from "@/lib/runtime";
import { listAudit } from "@/lib/database/dashboard/queries/audit";
import { listCallbackDeliveriesForOrder } from "@/lib/database/dashboard/queries/callback-deliveries";
import { getOrderById, listResendsOf } from "@/lib/database/dashboard/queries/orders";
import { listCallsForOrder } from "@/lib/database/dashboard/queries/payment-api-calls";
import { listCasesOfOrder } from "@/lib/database/dashboard/queries/payment-cases";
import { isUuid } from "@/lib/contract/uuid";

export const metadata: Metadata = { title: "Order" };

/** /orders/[id] — loads one order and what hangs off it; components/orders/order-detail.tsx shows it. */
export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const db = await getDb();
  const order = await getOrderById(db, id.toLowerCase());
  if (!order) notFound();
  const [deliveries, audit, resentAs, original, apiCalls, approval, cases] = await Promise.all([
    listCallbackDeliveriesForOrder(db, order.id),
    listAudit(db, { target: order.id }),
    listResendsOf(db, order.id),
    order.resendOf ? getOrderById(db, order.resendOf) : null,
    listCallsForOrder(db, order),
    order.direction === "payout" ? getPayoutApprovalView(db, order.id) : null,
    order.direction === "payin" ? listCasesOfOrder(db, order.id) : [],
  ]);
  // The server checks the same again (lib/approvals/decide.ts): these only choose which buttons to show.
  const ownPayout = order.createdBy === user.id;
  const canDecide = APPROVE_ROLES.includes(user.role) && !ownPayout;
  const stepUp =
    approval && canDecide ? await stepUpPrompt(db, user.id, user.sessionId) : { kind: "password" as const };
  const approvalCard = approval && (
    <ApprovalCard
      order={order}
      approval={approval}
      viewer={{
        canDecide,
        canCancel: CANCEL_OWN_ROLES.includes(user.role) && ownPayout,
        stepUp,
      }}
    />
  );
  return (
    <OrderDetail
      order={order}
      deliveries={deliveries}
      apiCalls={apiCalls}
      clientId={getEnv().PAYMENT_API_CLIENT_ID}
      submissions={audit.filter((e) => e.action.startsWith("order."))}
      resendOf={original && { id: original.id, paymentId: original.paymentId, status: original.status }}
      resentAs={resentAs}
      canWrite={ORDER_WRITE_ROLES.includes(user.role)}
      publicBaseUrl={getEnv().PUBLIC_BASE_URL}
      usesSandbox={getEnv().usesSandbox}
      approvalCard={approvalCard}
      caseCard={
        cases.length > 0 && (
          <CaseCard
            cases={cases}
            orderStatus={order.status}
            canClose={ORDER_WRITE_ROLES.includes(user.role)}
          />
        )
      }
    />
  );
}
