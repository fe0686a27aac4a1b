/** EMV merchant-presented QR (the format of Pix BR Codes): TLV fields with two-digit ids and lengths. */
import { crc16Ccitt } from "./checksums";

export function tlv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`EMV field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** Appends field 63 (CRC16/CCITT-FALSE over everything before it, "6304" included). */
export function withCrc(payload: string): string {
  const head = `${payload}6304`;
  return head + crc16Ccitt(head);
}

export interface EmvField {
  id: string;
  value: string;
}

/** Parses one level of TLV fields; throws on a truncated field. */
export function parseTlv(text: string): EmvField[] {
  const fields: EmvField[] = [];
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const len = Number(text.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len) || i + 4 + len > text.length)
      throw new Error(`malformed EMV field at ${i}`);
    fields.push({ id, value: text.slice(i + 4, i + 4 + len) });
    i += 4 + len;
  }
  return fields;
}
