import type { Metadata } from "next";
import Link from "next/link";
import { BatchUpload } from "@/components/batches/batch-upload";
import { ORDER_WRITE_ROLES, requirePageUser } from "@/lib/auth";
import { FILE_METHODS } from "@/lib/batches/file";
import { BATCH_LIMITS } from "@/lib/batches/schemas";

export const metadata: Metadata = { title: "New pay-out file" };

/** /payouts/batches/new — New pay-out → From a file (operators and admins). */
export default async function NewBatchPage() {
  await requirePageUser(ORDER_WRITE_ROLES);
  return (
    <div className="page stack">
      <header className="page-header">
        <div>
          <h1>New pay-outs from a file</h1>
          <p>Upload a CSV or Excel file of pay-outs: check it, fix it, then submit it as one batch.</p>
        </div>
        <Link href="/payouts/new">One pay-out with the form</Link>
      </header>
      <BatchUpload methods={FILE_METHODS} maxRows={BATCH_LIMITS.maxRows} maxBytes={BATCH_LIMITS.maxBytes} />
    </div>
  );
}
