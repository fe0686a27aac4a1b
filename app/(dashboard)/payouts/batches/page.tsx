import type { Metadata } from "next";
import { BatchesList } from "@/components/batches/batches-list";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { listBatches } from "@/lib/database/dashboard/queries/payout-batches";
import { getDb } from "@/lib/runtime";

export const metadata: Metadata = { title: "Pay-out files" };

/** /payouts/batches — the bulk pay-out files, newest first (everyone signed in reads them). */
export default async function BatchesPage() {
  const user = await requirePageUser();
  const batches = await listBatches(await getDb());
  return <BatchesList batches={batches} canUpload={ORDER_WRITE_ROLES.includes(user.role)} />;
}
