/**
 * The source text of a number in a JSON document. `JSON.parse` rounds a literal to the nearest double
 * (1500.0000000000001 → 1500) and Node 20's V8 has no reviver `context.source`, so a rule about how a number
 * is written must read the text itself. Meant for text `JSON.parse` has already accepted; on anything else
 * it still ends, it just answers nothing useful.
 */

type Frame = { array: true; index: number } | { array: false; key: string | undefined };

/**
 * The literal of the number at `path` (object keys and array indexes as strings), or undefined when no
 * number is there. A key given twice counts as `JSON.parse` counts it: the last one wins.
 */
export function numberLiteralAt(json: string, path: readonly string[]): string | undefined {
  const frames: Frame[] = [];
  let found: string | undefined;
  let expectingKey = false;
  let i = 0;
  while (i < json.length) {
    const ch = json[i] as string;
    const top = frames[frames.length - 1];
    if (ch === "{" || ch === "[") {
      frames.push(ch === "[" ? { array: true, index: 0 } : { array: false, key: undefined });
      expectingKey = ch === "{";
      i++;
    } else if (ch === "}" || ch === "]") {
      frames.pop();
      i++;
    } else if (ch === ",") {
      if (top?.array) top.index++;
      else expectingKey = true;
      i++;
    } else if (ch === ":") {
      expectingKey = false;
      i++;
    } else if (ch === '"') {
      const end = endOfString(json, i);
      if (expectingKey && top && !top.array) top.key = decodeKey(json.slice(i, end));
      i = end;
    } else if (ch === "-" || (ch >= "0" && ch <= "9")) {
      let end = i + 1;
      while (end < json.length && /[0-9eE.+-]/.test(json[end] as string)) end++;
      if (isAt(frames, path)) found = json.slice(i, end);
      i = end;
    } else {
      i++;
    }
  }
  return found;
}

/** Index just past the string literal starting at `start` (a `"`). */
function endOfString(json: string, start: number): number {
  let i = start + 1;
  while (i < json.length) {
    const ch = json[i];
    if (ch === "\\") i += 2;
    else if (ch === '"') return i + 1;
    else i++;
  }
  return json.length;
}

function decodeKey(literal: string): string | undefined {
  try {
    const key: unknown = JSON.parse(literal);
    return typeof key === "string" ? key : undefined;
  } catch {
    return undefined;
  }
}

function isAt(frames: readonly Frame[], path: readonly string[]): boolean {
  if (frames.length !== path.length) return false;
  return frames.every((f, depth) => (f.array ? String(f.index) : f.key) === path[depth]);
}
