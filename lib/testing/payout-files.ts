/** For tests and benches: bulk pay-out files (lib/batches/file.ts) of valid SBP rows, as CSV text. */
import { samplePayoutRequest } from "@/lib/contract/samples";
import { BATCH_COLUMNS } from "@/lib/batches/file";
import { csvLine } from "@/lib/orders/csv";

/**
 * `n` SBP rows with no paymentId, row i of `amountOf(i)` roubles (by default 100 + i: above SBP's minimum,
 * whole roubles, so no sandbox amount trigger), each client's email tagged with `tag`; a paymentId only where
 * `paymentIdOf` gives one.
 */
export function sbpPayoutFile(
  n: number,
  opts: { tag?: string; amountOf?: (i: number) => number; paymentIdOf?: (i: number) => string } = {},
): string {
  const amountOf = opts.amountOf ?? ((i: number) => 100 + i);
  const lines = [csvLine(BATCH_COLUMNS)];
  for (let i = 1; i <= n; i++) {
    const r = samplePayoutRequest("SBP", { amount: amountOf(i) });
    const cells: Record<string, string | number | undefined> = {
      paymentId: opts.paymentIdOf?.(i),
      paymentMethod: r.paymentMethod,
      amount: r.amount,
      country: r.country,
      trafficType: r.trafficType,
      "client.id": r.client.id,
      "client.email": opts.tag ? `${opts.tag}-${i}@example.com` : r.client.email,
      "client.ip": r.client.ip,
      "payoutDetails.phoneNumber": r.payoutDetails?.phoneNumber,
      "payoutDetails.payeeName": r.payoutDetails?.payeeName,
    };
    lines.push(csvLine(BATCH_COLUMNS.map((c) => cells[c] ?? "")));
  }
  return lines.join("");
}
