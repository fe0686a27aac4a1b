/**
 * NSPK (SBP) payment links of the real form:
 * https://qr.nspk.ru/<32-char id>?type=02&bank=<SBP member id>&sum=<minor units>&cur=RUB&crc=<4 hex>
 * The id starts "BS" (a dynamic, one-payment link; static links start "AS") and is derived from the order
 * id, so one order keeps one link. NSPK's own crc algorithm is not public: ours is CRC16/CCITT-FALSE over
 * the link before "&crc=".
 */
import { createHash } from "node:crypto";
import { crc16Ccitt } from "@/lib/contract";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export function nspkLinkId(orderId: string): string {
  const digest = createHash("sha256").update(orderId).digest();
  let id = "BS";
  for (let i = 0; id.length < 32; i++) id += ALPHABET[digest[i % digest.length]! % ALPHABET.length];
  return id;
}

export function buildNspkLink(orderId: string, memberId: string, amountMinor: number): string {
  const head = `https://qr.nspk.ru/${nspkLinkId(orderId)}?type=02&bank=${memberId}&sum=${amountMinor}&cur=RUB`;
  return `${head}&crc=${crc16Ccitt(head)}`;
}

export const NSPK_LINK_PATTERN =
  /^https:\/\/qr\.nspk\.ru\/[AB][A-Z0-9]{31}\?type=0[12]&bank=\d{12}&sum=\d+&cur=RUB&crc=[0-9A-F]{4}$/;

/** Which `qr` fields a QRNSPK order carries, so clients meet all three shapes (lib/sandbox/README.md). */
export type NspkQrShape = "url+code" | "url" | "code";

export function nspkQrShape(bankId: number | undefined): NspkQrShape {
  if (bankId === undefined) return "url+code";
  return (["url+code", "url", "code"] as const)[bankId % 3]!;
}
