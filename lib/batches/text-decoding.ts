/**
 * A pay-out file's bytes as text, in the encoding a spreadsheet saved it in (docs/guide.md, Bulk pay-outs
 * from a file): UTF-8 with or without a BOM, UTF-16 (Excel's "Unicode text", with a BOM or without one but
 * with an ASCII header), and the 8-bit code pages Excel uses for "CSV" where it is set up in Russian
 * (Windows-1251) or Portuguese (Windows-1252). Decoded with the platform's TextDecoder, streaming. What
 * can't be told apart or decoded is refused (FileEncodingError), never read as "���".
 */

export class FileEncodingError extends Error {}

/** The encodings a file can be read in, by their WHATWG labels, with the name the preview shows. */
export const FILE_ENCODINGS = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16 (little-endian)",
  "utf-16be": "UTF-16 (big-endian)",
  "windows-1251": "Windows-1251 (Cyrillic)",
  "windows-1252": "Windows-1252 (Western European)",
} as const;
export type FileEncoding = keyof typeof FILE_ENCODINGS;

const SAVE_AS_UTF8 = 'Save it again as "CSV UTF-8" (Excel: File → Save as → CSV UTF-8) and choose it again.';

/** The encoding a byte order mark names, and its length; undefined without one. */
function byteOrderMark(b: Uint8Array): { encoding: FileEncoding; length: number } | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { encoding: "utf-8", length: 3 };
  if (b[0] === 0xff && b[1] === 0xfe) return { encoding: "utf-16le", length: 2 };
  if (b[0] === 0xfe && b[1] === 0xff) return { encoding: "utf-16be", length: 2 };
  return undefined;
}

/** UTF-16 without a BOM, told by the header's ASCII letters: "p\0a\0" or "\0p\0a". */
function bomlessUtf16(b: Uint8Array): FileEncoding | undefined {
  if (b.length < 4) return undefined;
  const ascii = (x: number | undefined) => x !== undefined && x >= 0x20 && x < 0x7f;
  if (ascii(b[0]) && b[1] === 0 && ascii(b[2]) && b[3] === 0) return "utf-16le";
  if (b[0] === 0 && ascii(b[1]) && b[2] === 0 && ascii(b[3])) return "utf-16be";
  return undefined;
}

const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * Windows-1251 or Windows-1252, from bytes that are not UTF-8. The same bytes ≥ 0xC0 are Cyrillic letters
 * in one and accented Latin letters in the other: read as 1251, Russian words are Cyrillic through and
 * through, while Portuguese words become Latin words with a Cyrillic letter inside ("Conceiзгo").
 */
export function eightBitEncoding(sample: Uint8Array): FileEncoding | undefined {
  const words = new TextDecoder("windows-1251").decode(sample).match(/\p{L}+/gu) ?? [];
  let cyrillic = 0;
  let mixed = 0;
  for (const word of words) {
    const hasCyrillic = CYRILLIC.test(word);
    if (hasCyrillic && LATIN.test(word)) mixed++;
    else if (hasCyrillic) cyrillic++;
  }
  if (cyrillic > mixed) return "windows-1251";
  if (mixed > 0) return "windows-1252";
  return undefined;
}

const isAscii = (b: Uint8Array) => b.every((x) => x < 0x80);

/**
 * Decodes `chunks` as the text they are; `onEncoding` hears, once, which encoding they were read in.
 * Without a byte order mark the bytes are UTF-8 until one is not: all before it was ASCII (the same in
 * every encoding here), so the file is read from that chunk on in the 8-bit code page its letters tell.
 * Throws FileEncodingError for bytes that are text in none of them.
 */
export async function* decodedText(
  chunks: AsyncIterable<Uint8Array>,
  onEncoding: (encoding: FileEncoding) => void = () => {},
): AsyncGenerator<string> {
  let decoder: TextDecoder | undefined;
  let decided: FileEncoding | undefined;
  const decide = (encoding: FileEncoding) => {
    decided = encoding;
    onEncoding(encoding);
  };
  for await (let chunk of chunks) {
    if (!decoder) {
      const bom = byteOrderMark(chunk);
      const marked = bom?.encoding ?? bomlessUtf16(chunk);
      if (bom) chunk = chunk.subarray(bom.length);
      if (marked) decide(marked);
      decoder = new TextDecoder(marked ?? "utf-8", { fatal: true, ignoreBOM: true });
    }
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      if (decided) {
        throw new FileEncodingError(
          `The file is not valid ${FILE_ENCODINGS[decided]} text: it mixes encodings or is not a text file. ${SAVE_AS_UTF8}`,
        );
      }
      const eightBit = eightBitEncoding(chunk);
      if (!eightBit) {
        throw new FileEncodingError(
          `The file is not UTF-8, and its letters read neither as Russian (Windows-1251) nor as Portuguese (Windows-1252). ${SAVE_AS_UTF8}`,
        );
      }
      decide(eightBit);
      decoder = new TextDecoder(eightBit);
      text = decoder.decode(chunk, { stream: true });
    }
    if (!decided && !isAscii(chunk)) decide("utf-8");
    if (text.includes("\ufffd")) {
      throw new FileEncodingError(
        `The file contains "\ufffd", a character lost before the file was saved: check the names in it. ${SAVE_AS_UTF8}`,
      );
    }
    if (text) yield text;
  }
  if (!decided) decide("utf-8");
  let rest = "";
  try {
    rest = decoder?.decode() ?? "";
  } catch {
    throw new FileEncodingError(
      `The file ends in the middle of a character: it was cut short. ${SAVE_AS_UTF8}`,
    );
  }
  if (rest) yield rest;
}

/**
 * The field delimiter of a CSV file, told by its header line (the contract's names hold none of them):
 * `;` as Excel writes CSV where the decimal mark is a comma (ru, pt-BR), a tab in "Unicode text", else `,`.
 */
export function headerDelimiter(firstLine: string): "," | ";" | "\t" {
  const count = (c: string) => firstLine.split(c).length - 1;
  const counts = { ",": count(","), ";": count(";"), "\t": count("\t") } as const;
  const best = (Object.keys(counts) as (keyof typeof counts)[]).reduce((a, b) =>
    counts[b] > counts[a] ? b : a,
  );
  return counts[best] > 0 ? best : ",";
}
