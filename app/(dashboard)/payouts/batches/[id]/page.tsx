import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BatchDetail } from "@/components/batches/batch-detail";
import { requirePageUser } from "@/lib/auth";
import { APPROVE_ROLES, ORDER_WRITE_ROLES } from "@/lib/auth/roles";
import { stepUpPrompt } from "@/lib/auth/step-up";
import { isUuid } from "@/lib/contract/uuid";
import {
  countBatchOutcomes,
  getBatchView,
  listBatchLines,
} from "@/lib/database/dashboard/queries/payout-batches";
import { getDb } from "@/lib/runtime";

export const metadata: Metadata = { title: "Pay-out file" };

const PAGE_SIZE = 100;

/** /payouts/batches/[id][?after=<row>] — one batch: progress, decisions, outcomes, its rows a page at a time. */
export default async function BatchPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ after?: string }>;
}) {
  const user = await requirePageUser();
  const { id } = await params;
  if (!isUuid(id)) notFound();
  const { after } = await searchParams;
  const afterRow = /^\d{1,6}$/.test(after ?? "") ? Number(after) : 0;
  const db = await getDb();
  const batch = await getBatchView(db, id.toLowerCase());
  if (!batch) notFound();
  const [outcomes, lines] = await Promise.all([
    countBatchOutcomes(db, batch.id),
    listBatchLines(db, batch.id, { afterRow, limit: PAGE_SIZE + 1 }),
  ]);
  const more = lines.length > PAGE_SIZE;
  const shown = lines.slice(0, PAGE_SIZE);
  // The server checks the same again (lib/batches/batches.ts): these only choose which buttons to show.
  const own = batch.createdBy === user.id;
  const mayCancel = ORDER_WRITE_ROLES.includes(user.role) && (own || user.role === "admin");
  const unsent = batch.counts.pending > 0;
  const canDecide = APPROVE_ROLES.includes(user.role) && !own;
  // What approving asks to confirm it is them: their second factor, or their password when they have none.
  const stepUp =
    canDecide && batch.status === "awaiting_approval"
      ? await stepUpPrompt(db, user.id, user.sessionId)
      : { kind: "password" as const };
  return (
    <BatchDetail
      batch={batch}
      outcomes={outcomes}
      lines={shown}
      page={{ afterRow, nextAfterRow: more ? (shown.at(-1)?.rowNumber ?? null) : null, size: PAGE_SIZE }}
      viewer={{
        canDecide,
        stepUp,
        cancel: !mayCancel
          ? null
          : batch.status === "awaiting_approval"
            ? "batch"
            : batch.status === "sending" && unsent
              ? "rows"
              : null,
      }}
    />
  );
}
