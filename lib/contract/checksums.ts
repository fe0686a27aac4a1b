/** Check-digit algorithms used by the contract's field formats. Pure functions. */

/** Luhn (mod 10) check over a string of digits. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit that makes `partial + digit` valid. */
export function luhnCheckDigit(partial: string): string {
  for (let d = 0; d <= 9; d++) {
    if (isLuhnValid(partial + d)) return String(d);
  }
  throw new Error("unreachable: some digit always completes a Luhn number");
}

function allSame(s: string): boolean {
  return s.split("").every((c) => c === s[0]);
}

/** Brazilian CPF: 11 digits, two mod-11 check digits. */
export function isValidCpf(value: string): boolean {
  const cpf = value.replace(/[.-]/g, "");
  if (!/^\d{11}$/.test(cpf) || allSame(cpf)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += (cpf.charCodeAt(i) - 48) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return digit(9) === cpf.charCodeAt(9) - 48 && digit(10) === cpf.charCodeAt(10) - 48;
}

/**
 * Brazilian CNPJ: 14 characters, two mod-11 check digits. Since July 2026 the first 12 characters may be
 * letters too (alphanumeric CNPJ); each character's value is its ASCII code minus 48, so digits keep theirs.
 */
export function isValidCnpj(value: string): boolean {
  const cnpj = value.replace(/[./-]/g, "").toUpperCase();
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || allSame(cnpj)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) {
      const weight = ((len - 1 - i) % 8) + 2;
      sum += (cnpj.charCodeAt(i) - 48) * weight;
    }
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return digit(12) === cnpj.charCodeAt(12) - 48 && digit(13) === cnpj.charCodeAt(13) - 48;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as EMV QR codes (Pix BR Code) use; 4 uppercase hex digits. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  const bytes = new TextEncoder().encode(text);
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * True when an EMV QR payload (a Pix BR Code, "copia e cola") ends with its CRC field "6304" + CRC16 of
 * everything before those four hex digits, as the EMV QRCPS spec computes it.
 */
export function hasValidEmvCrc(payload: string): boolean {
  if (payload.length < 8 || payload.slice(-8, -4) !== "6304") return false;
  return crc16Ccitt(payload.slice(0, -4)) === payload.slice(-4).toUpperCase();
}
