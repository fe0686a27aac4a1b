import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isUuid } from "@/lib/contract/uuid";
import { uuidV4 } from "@/lib/contract/fields";
import { csvLine } from "@/lib/orders/csv";
import {
  BATCH_COLUMNS,
  batchTemplate,
  CARD_IN_FILE_MESSAGE,
  derivedPaymentId,
  FILE_METHODS,
  isSubmittable,
  parseBatchFile,
} from "./file";

const enc = new TextEncoder();
const HEADER = [
  "paymentMethod",
  "amount",
  "country",
  "trafficType",
  "client.id",
  "client.email",
  "client.ip",
];
const SBP_HEADER = [...HEADER, "payoutDetails.phoneNumber", "payoutDetails.payeeName"];

function sbpRow(amount: string, extra: Partial<Record<string, string>> = {}): string[] {
  const base: Record<string, string> = {
    paymentMethod: "SBP",
    amount,
    country: "RU",
    trafficType: "ALL",
    "client.id": randomUUID(),
    "client.email": "a@example.com",
    "client.ip": "10.0.0.1",
    "payoutDetails.phoneNumber": "+79001234567",
    "payoutDetails.payeeName": "Ivan",
    ...extra,
  };
  return SBP_HEADER.map((c) => base[c] ?? "");
}

const file = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  [header, ...rows].map((r) => csvLine(r)).join("");
/** The text in chunks of `size` bytes, as a stream delivers it. */
function* chunks(text: string, size = 7): Generator<Uint8Array> {
  const bytes = enc.encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe("parseBatchFile", () => {
  it("reads valid rows, totals per currency in minor units, and hashes the bytes", async () => {
    const text = file(SBP_HEADER, [sbpRow("0.10"), sbpRow("0.20"), sbpRow("1 000,05")]);
    const p = await parseBatchFile("f.csv", chunks(text));
    expect(p.fileErrors).toEqual([]);
    expect(p.errors).toEqual([]);
    expect(p.rows).toBe(3);
    expect(p.validRows).toBe(3);
    // 0.1 + 0.2 in binary floating point is 0.30000000000000004: minor units give 1000.35 exactly.
    expect(p.totals).toEqual([{ currency: "RUB", amount: "1000.35", rows: 3 }]);
    expect(p.sha256).toBe(createHash("sha256").update(text).digest("hex"));
    expect(p.bytes).toBe(enc.encode(text).length);
    expect(isSubmittable(p)).toBe(true);
    expect(p.requests.map((r) => r.row)).toEqual([2, 3, 4]);
  });

  it("names every error by row and field label, with the form's rules", async () => {
    const text = file(SBP_HEADER, [
      sbpRow("100"),
      sbpRow("12.345", { "client.email": "nope" }),
      sbpRow("5", { "payoutDetails.phoneNumber": "" }),
      sbpRow("5", { paymentMethod: "Bitcoin" }),
    ]);
    const p = await parseBatchFile("f.csv", chunks(text));
    expect(p.validRows).toBe(1);
    expect(isSubmittable(p)).toBe(false);
    const byRow = p.errors.map((e) => [e.row, e.field, e.label]);
    expect(byRow).toEqual(
      expect.arrayContaining([
        [3, "amount", "Amount"],
        [3, "client.email", "Client email"],
        [4, "payoutDetails.phoneNumber", "SBP phone number"],
        [5, "paymentMethod", "Payment method"],
      ]),
    );
    expect(p.errors.find((e) => e.row === 4)?.message).toMatch(/Required for SBP/);
  });

  it("flags a paymentId given twice, and refuses card rows", async () => {
    const id = randomUUID();
    const header = [...SBP_HEADER, "paymentId"];
    const text = file(header, [
      [...sbpRow("1"), id],
      [...sbpRow("2"), id.toUpperCase()],
      [...sbpRow("3"), ""],
    ]);
    const p = await parseBatchFile("f.csv", chunks(text));
    expect(p.duplicates).toEqual([{ paymentId: id, rows: [2, 3] }]);
    expect(p.errors).toEqual([
      { row: 3, field: "paymentId", label: "paymentId", message: "Duplicate paymentId: also on row 2" },
    ]);
    const card = batchTemplate("Card");
    const c = await parseBatchFile("card.csv", [enc.encode(card)]);
    expect(c.errors.map((e) => e.message)).toEqual([CARD_IN_FILE_MESSAGE]);
  });

  it("derives a stable UUID v4 from the file's hash for rows with no paymentId", async () => {
    const text = file(SBP_HEADER, [sbpRow("1"), sbpRow("2")]);
    const a = await parseBatchFile("a.csv", chunks(text));
    const b = await parseBatchFile("b.csv", chunks(text, 1000));
    const ids = a.requests.map((r) => r.paymentId);
    expect(ids).toEqual(b.requests.map((r) => r.paymentId));
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(uuidV4.safeParse(id).success).toBe(true);
    expect(derivedPaymentId(a.sha256, 2)).toBe(ids[0]);
    expect(isUuid(derivedPaymentId("0".repeat(64), 99))).toBe(true);
  });

  it("keeps each request whole: its own paymentId (derived or given), non-ASCII text, as plain data", async () => {
    const given = randomUUID();
    const text = file(
      ["paymentId", ...SBP_HEADER],
      [
        ["", ...sbpRow("1", { "payoutDetails.payeeName": "Иван Петров" })],
        [given, ...sbpRow("2.50", { "payoutDetails.payeeName": "Zoë 🙂" })],
      ],
    );
    const p = await parseBatchFile("a.csv", chunks(text, 5));
    const [first, second] = p.requests.map((r) => ({ r, request: JSON.parse(r.requestJson) }));
    expect(first?.request).toMatchObject({
      paymentId: derivedPaymentId(p.sha256, 2),
      amount: 1,
      payoutDetails: { payeeName: "Иван Петров" },
    });
    expect(first?.r.paymentId).toBe(derivedPaymentId(p.sha256, 2));
    expect(second?.request).toMatchObject({ paymentId: given, payoutDetails: { payeeName: "Zoë 🙂" } });
    expect(second?.r.paymentId).toBe(given);
    expect(JSON.parse(JSON.stringify(p.requests[1]))).toEqual({
      row: 3,
      paymentId: given,
      paymentMethod: "SBP",
      amountMinor: 250,
      currency: "RUB",
      requestJson: second?.r.requestJson,
    });
  });

  it.each([
    ["too many rows", { maxBytes: 1e6, maxRows: 2 }, 3, /more than 2 rows/],
    ["too large", { maxBytes: 200, maxRows: 100 }, 3, /larger than/],
  ])("refuses a file with %s", async (_, limits, n, message) => {
    const text = file(
      SBP_HEADER,
      Array.from({ length: n }, () => sbpRow("1")),
    );
    const p = await parseBatchFile("f.csv", chunks(text), limits);
    expect(p.fileErrors.join(" ")).toMatch(message);
    expect(isSubmittable(p)).toBe(false);
  });

  it.each([
    ["an unknown column", "paymentMethod,amount,colour\r\nSBP,1,red\r\n", /Unknown column “colour”/],
    ["a repeated column", "amount,amount\r\n1,2\r\n", /Repeated column “amount”/],
    ["no rows", "paymentMethod,amount\r\n", /no rows/],
    ["nothing", "", /empty/],
    ["broken quoting", 'paymentMethod,amount\r\n"SBP,1\r\n', /not valid CSV/],
  ])("explains %s", async (_, text, message) => {
    const p = await parseBatchFile("f.csv", chunks(text));
    expect(p.fileErrors.join(" ")).toMatch(message);
  });

  it("names each row by its line, a quoted cell over two lines included, fed a byte at a time", async () => {
    const text =
      csvLine(SBP_HEADER) +
      csvLine(sbpRow("150", { "payoutDetails.payeeName": "Ivan\nPetrov" })) +
      csvLine(sbpRow("x"));
    const bytes = enc.encode(text);
    const p = await parseBatchFile(
      "f.csv",
      Array.from(bytes, (b) => Uint8Array.of(b)),
    );
    // The header is line 1; the first row spans lines 2 and 3; the second is line 4.
    expect(p.errors.map((e) => [e.row, e.field])).toEqual([[4, "amount"]]);
    expect(p.requests.map((r) => r.row)).toEqual([3]);
  });

  it("says when a row's cells do not match the header", async () => {
    const p = await parseBatchFile("f.csv", chunks(`${csvLine(SBP_HEADER)}SBP,1\r\n`));
    expect(p.errors).toEqual([
      { row: 2, field: "(row)", label: "Row", message: "Has 2 cells; the header has 9 columns" },
    ]);
  });
});

describe("batchTemplate", () => {
  it.each(FILE_METHODS)("%s: the header and one row that passes as it is", async (method) => {
    const text = batchTemplate(method);
    expect(text.split("\r\n")[0]).toBe(BATCH_COLUMNS.join(","));
    const p = await parseBatchFile(`${method}.csv`, [enc.encode(text)]);
    expect(p.fileErrors).toEqual([]);
    expect(p.errors).toEqual([]);
    expect(p.validRows).toBe(1);
  });
});
