/**
 * A pay-out file over the size limit is refused by its size, in words with the limit (issue 44 §7): the
 * upload's schema before a byte is read, and the parser without quoting what it cut off.
 */
import { describe, expect, it } from "vitest";
import { fieldErrorMapFromZod } from "@/lib/orders/field-errors";
import { parseBatchFile } from "./file";
import { BATCH_LIMITS, batchUploadSchema } from "./schemas";

const LIMIT_WORDS = "the limit of 5 MB: split it into smaller files.";

describe("a pay-out file over the size limit", () => {
  it("a 50 MB upload is refused by its declared size, naming the file field and the limit", () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(50 * 1024 * 1024)], "big.csv", { type: "text/csv" }));
    const parsed = batchUploadSchema.safeParse(form);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrorMapFromZod(parsed.error)).toEqual({
      file: `The file is 50 MB, more than ${LIMIT_WORDS}`,
    });
  });

  it("a file just within the limit is taken", () => {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(BATCH_LIMITS.maxBytes)], "ok.csv"));
    expect(batchUploadSchema.safeParse(form).success).toBe(true);
  });

  it("5.5 MB with no newline: refused by its size before it is read", () => {
    const form = new FormData();
    form.set("file", new File(["x".repeat(5.5 * 1024 * 1024)], "one-line.csv"));
    const parsed = batchUploadSchema.safeParse(form);
    expect(parsed.success ? {} : fieldErrorMapFromZod(parsed.error)).toEqual({
      file: `The file is 5.5 MB, more than ${LIMIT_WORDS}`,
    });
  });

  it("a line of 2 MB within the limit: one short error, nothing of it echoed back", async () => {
    const line = new TextEncoder().encode("x".repeat(2 * 1024 * 1024));
    const parsed = await parseBatchFile("one-line.csv", [line]);
    expect(parsed.fileErrors).toEqual([
      "A row is longer than 64 KB (line 1): is it a CSV file, one pay-out a line?",
    ]);
    expect(parsed.errors).toEqual([]);
  });

  it("a header of unknown long names is quoted short", async () => {
    const header = Array.from({ length: 8 }, (_, i) => `${i}${"y".repeat(5000)}`).join(",");
    const parsed = await parseBatchFile("header.csv", [new TextEncoder().encode(`${header}\n1,2\n`)]);
    expect(parsed.fileErrors).toHaveLength(1);
    expect(parsed.fileErrors[0]?.length).toBeLessThan(1000);
    expect(parsed.fileErrors[0]).toContain("and 3 more");
  });
});
