import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CallbackDetail } from "@/components/callbacks/callback-detail";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { isUuid } from "@/lib/contract/uuid";
import { getDb, getEnv } from "@/lib/runtime";
import {
  getCallbackDelivery,
  listReapplicationsOf,
} from "@/lib/database/dashboard/queries/callback-deliveries";
import { getOrderById } from "@/lib/database/dashboard/queries/orders";

export const metadata: Metadata = { title: "Callback" };

/** /callbacks/[id] — one delivery: headers, body, verification, the order it touched, its re-applications. */
export default async function CallbackPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser();
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const db = await getDb();
  const delivery = await getCallbackDelivery(db, id.toLowerCase());
  if (!delivery) notFound();
  const [order, reapplications] = await Promise.all([
    delivery.orderId ? getOrderById(db, delivery.orderId) : null,
    listReapplicationsOf(db, delivery.id),
  ]);
  return (
    <CallbackDetail
      delivery={delivery}
      order={order ? { id: order.id, paymentId: order.paymentId, paymentMethod: order.paymentMethod } : null}
      reapplications={reapplications}
      canWrite={ORDER_WRITE_ROLES.includes(user.role)}
      usesSandbox={getEnv().usesSandbox}
    />
  );
}
