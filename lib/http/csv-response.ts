import { csvLine } from "@/lib/orders/csv";

/**
 * A CSV download streamed from batches of rows (no full result in memory), as the list exports send it:
 * a BOM so spreadsheet apps read UTF-8, the header, then each batch as it is read; named
 * "<name>-<UTC stamp>.csv".
 */
export function csvStreamResponse<R>(
  name: string,
  header: readonly string[],
  batches: AsyncGenerator<R[]>,
  record: (row: R) => string,
): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(record).join("")));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${stamp}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
