/**
 * For tests: pay-out files as spreadsheets save them (lib/batches/file-records.ts). No imports, so the unit
 * tests and the browser flows share it.
 */

/** The columns of an SBP pay-out file whose rows get their paymentId from the file. */
export const SBP_FILE_HEADER = [
  "paymentMethod",
  "amount",
  "country",
  "trafficType",
  "client.id",
  "client.email",
  "client.ip",
  "payoutDetails.phoneNumber",
  "payoutDetails.payeeName",
] as const;

/** Text in an 8-bit code page, byte for byte as Excel's plain "CSV" writes it (TextEncoder writes only UTF-8). */
export function codePageBytes(text: string, label: "windows-1251" | "windows-1252"): Uint8Array {
  const decoder = new TextDecoder(label);
  const byChar = new Map<string, number>();
  for (let b = 0; b < 256; b++) byChar.set(decoder.decode(Uint8Array.of(b)), b);
  return Uint8Array.from([...text], (c) => {
    const b = byChar.get(c);
    if (b === undefined) throw new Error(`${c} is not in ${label}`);
    return b;
  });
}
