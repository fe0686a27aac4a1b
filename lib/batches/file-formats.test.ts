import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { codePageBytes, SBP_FILE_HEADER } from "@/lib/testing/spreadsheet-files";
import { parseBatchFile } from "./file";
import { decodedText, eightBitEncoding } from "./text-decoding";

/**
 * Pay-out files as spreadsheets save them (issue 43 §2): Excel's "CSV" in Russian (Windows-1251, `;`,
 * decimal commas) and in Portuguese (Windows-1252), "CSV UTF-8" with its BOM, "Unicode text" (UTF-16,
 * tabs), and .xlsx workbooks. Names must arrive as written, or the file is refused: never "���".
 */

const HEADER: string[] = [...SBP_FILE_HEADER];

function sbpRow(amount: string, payee: string): string[] {
  return ["SBP", amount, "RU", "ALL", randomUUID(), "a@example.com", "10.0.0.1", "+79001234567", payee];
}

const codePage = codePageBytes;

function utf16le(text: string): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set([0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + 2 * i] = c & 0xff;
    out[3 + 2 * i] = c >> 8;
  }
  return out;
}

/** In chunks of `size` bytes, as a stream delivers them (a character split across two chunks included). */
function* chunked(bytes: Uint8Array, size = 7): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const lines = (rows: string[][], sep: string, eol = "\r\n") => rows.map((r) => r.join(sep) + eol).join("");

const payees = (p: Awaited<ReturnType<typeof parseBatchFile>>) =>
  p.requests.map((r) => JSON.parse(r.requestJson).payoutDetails.payeeName);
const amounts = (p: Awaited<ReturnType<typeof parseBatchFile>>) => p.requests.map((r) => r.amountMinor);

describe("pay-out files as spreadsheets write them", () => {
  it("Excel's Russian CSV: Windows-1251, semicolons, decimal commas and spaced thousands", async () => {
    const text = lines(
      [HEADER, sbpRow("1 500,50", "Иван Петров"), sbpRow("75 000", "Мария Сидорова-Ёлкина")],
      ";",
    );
    const p = await parseBatchFile("выплаты.csv", chunked(codePage(text, "windows-1251"), 64));
    expect(p.fileErrors).toEqual([]);
    expect(p.errors).toEqual([]);
    expect(payees(p)).toEqual(["Иван Петров", "Мария Сидорова-Ёлкина"]);
    expect(amounts(p)).toEqual([150050, 7500000]);
    expect(p.readAs).toBe("CSV, Windows-1251 (Cyrillic), separated by semicolons");
  });

  it("Excel's Portuguese CSV: Windows-1252, Brazilian thousands", async () => {
    const text = lines([HEADER, sbpRow("1.500,50", "João Conceição Araújo")], ";");
    const p = await parseBatchFile("repasses.csv", chunked(codePage(text, "windows-1252")));
    expect(p.fileErrors).toEqual([]);
    expect(payees(p)).toEqual(["João Conceição Araújo"]);
    expect(amounts(p)).toEqual([150050]);
    expect(p.readAs).toBe("CSV, Windows-1252 (Western European), separated by semicolons");
  });

  it('"CSV UTF-8": a BOM, Cyrillic split across chunks', async () => {
    const text = `\ufeff${lines([HEADER, sbpRow("499.99", "Пётр Иванов")], ",")}`;
    const p = await parseBatchFile("f.csv", chunked(new TextEncoder().encode(text), 5));
    expect(p.fileErrors).toEqual([]);
    expect(payees(p)).toEqual(["Пётр Иванов"]);
    expect(amounts(p)).toEqual([49999]);
    expect(p.readAs).toBe("CSV, UTF-8, separated by commas");
  });

  it('"Unicode text": UTF-16 with its BOM, separated by tabs', async () => {
    const text = lines([HEADER, sbpRow("1500,5", "Анна")], "\t");
    const p = await parseBatchFile("f.txt", chunked(utf16le(text), 9));
    expect(p.fileErrors).toEqual([]);
    expect(payees(p)).toEqual(["Анна"]);
    expect(p.readAs).toBe("CSV, UTF-16 (little-endian), separated by tabs");
  });

  it("refuses a file that decodes to U+FFFD (garbled before it was saved), with nothing read", async () => {
    const text = lines([HEADER, sbpRow("100", "\ufffd\ufffd\ufffd \ufffd\ufffd\ufffd")], ",");
    const p = await parseBatchFile("f.csv", chunked(new TextEncoder().encode(text)));
    expect(p.fileErrors).toEqual([expect.stringMatching(/^The file contains "\ufffd", a character lost/)]);
    expect(p.requests).toEqual([]);
  });

  it("refuses bytes that are text in no encoding it reads, saying how to save the file", async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode(`${HEADER.join(",")}\r\n`),
      0x85,
      0x98,
      0x96,
      0x98,
      0x0a,
    ]);
    const p = await parseBatchFile("f.csv", chunked(bytes));
    expect(p.fileErrors).toEqual([expect.stringContaining('Save it again as "CSV UTF-8"')]);
    expect(p.validRows).toBe(0);
  });

  it("refuses UTF-8 that turns invalid after its first Cyrillic (a file of mixed encodings)", async () => {
    const good = new TextEncoder().encode(lines([HEADER, sbpRow("100", "Иван")], ","));
    const bad = codePage(lines([sbpRow("100", "Иван")], ","), "windows-1251");
    const p = await parseBatchFile("f.csv", [good, bad]);
    expect(p.fileErrors).toEqual([
      expect.stringMatching(/^The file is not valid UTF-8 text: it mixes encodings/),
    ]);
  });
});

describe("the 8-bit code page, told by its letters", () => {
  it.each([
    ["Иван Петров, Мария", "windows-1251", "windows-1251"],
    ["João Conceição, São Paulo", "windows-1252", "windows-1252"],
  ] as const)("%s saved as %s", (text, saved, told) => {
    expect(eightBitEncoding(codePage(text, saved))).toBe(told);
  });

  it("stays undecided on bytes that are no letters, and decodedText then refuses", async () => {
    expect(eightBitEncoding(Uint8Array.of(0x85, 0x98, 0x96))).toBeUndefined();
    const read = async () => {
      for await (const _ of decodedText(
        (async function* () {
          yield Uint8Array.of(0x41, 0x85, 0x98);
        })(),
      ));
    };
    await expect(read()).rejects.toThrow(/neither as Russian/);
  });
});

/** A workbook as Excel saves it, written by exceljs into memory. */
async function workbook(rows: ExcelJS.CellValue[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Выплаты");
  for (const r of rows) sheet.addRow(r);
  book.addWorksheet("Ignored").addRow(["not", "read"]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe("Excel workbooks (.xlsx)", () => {
  it("reads the first sheet: numbers as Excel shows them, text as typed, empty trailing cells", async () => {
    const bytes = await workbook([
      HEADER,
      ["SBP", 1500.5, "RU", "ALL", randomUUID(), "a@example.com", "10.0.0.1", 79001234567, "Иван Петров"],
      ["SBP", "75 000,50", "RU", "ALL", randomUUID(), "b@example.com", "10.0.0.2", "+79001234568", "Анна"],
      // 0.1 + 0.2 from a formula: Excel shows 0.3, and so is it read.
      [
        "SBP",
        { formula: "0.1+0.2", result: 0.1 + 0.2 },
        "RU",
        "ALL",
        randomUUID(),
        "c@example.com",
        "10.0.0.3",
        "+79001234569",
        { richText: [{ text: "Ол" }, { text: "ег" }] },
      ],
    ]);
    // A name that says CSV: the bytes decide.
    const p = await parseBatchFile("payouts.csv", chunked(bytes, 4096));
    expect(p.fileErrors).toEqual([]);
    expect(p.errors).toEqual([]);
    expect(amounts(p)).toEqual([150050, 7500050, 30]);
    expect(payees(p)).toEqual(["Иван Петров", "Анна", "Олег"]);
    expect(p.readAs).toBe("Excel workbook (.xlsx), its first sheet");
  });

  it("refuses a number Excel did not keep exactly, naming its cell", async () => {
    const header = [...HEADER.slice(0, 7), "payoutDetails.bankAccountNo"];
    const bytes = await workbook([
      header,
      [
        "BankAccount",
        100,
        "RU",
        "ALL",
        randomUUID(),
        "a@example.com",
        "10.0.0.1",
        Number("40817810099910004312"),
      ],
    ]);
    const p = await parseBatchFile("f.xlsx", chunked(bytes, 4096));
    expect(p.fileErrors).toEqual([expect.stringMatching(/^Cell H2 holds a number of more than 15 digits/)]);
    expect(p.validRows).toBe(0);
  });

  it("refuses a file that starts like a workbook but is not one", async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("not a zip at all")]);
    const stream = new PassThrough();
    stream.end(bytes);
    const p = await parseBatchFile("f.xlsx", stream);
    expect(p.fileErrors).toEqual([expect.stringMatching(/^The file is not a workbook Excel can open/)]);
  });
});
