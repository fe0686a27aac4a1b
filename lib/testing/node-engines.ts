/**
 * Whether a Node.js version satisfies a package's `engines.node` range, for the forms npm packages use
 * (`>=22.15.0`, `^20.19.0 || >=22.12.0`, `^22||^24||>=26`, `>= 18`, `22.x`, `*`): the outsider test checks the
 * lowest Node.js our packages admit against every package they install. An unknown form throws.
 */
type Version = [number, number, number];

function parse(text: string): { version: Version; given: number } {
  const parts = text.replace(/^v/, "").split(".");
  const numbers = parts.filter((p) => /^\d+$/.test(p)).map(Number);
  if (numbers.length === 0 || parts.length > 3 || parts.some((p) => !/^(\d+|x|\*)$/i.test(p)))
    throw new Error(`node-engines: cannot read the version "${text}"`);
  return { version: [numbers[0] ?? 0, numbers[1] ?? 0, numbers[2] ?? 0], given: numbers.length };
}

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

function satisfiesComparator(v: Version, comparator: string): boolean {
  if (comparator === "*" || comparator === "") return true;
  const [, op = "", rest = ""] = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(comparator) ?? [];
  const { version, given } = parse(rest);
  const upTo = (n: number): Version =>
    n === 0 ? [version[0] + 1, 0, 0] : n === 1 ? [version[0], version[1] + 1, 0] : version;
  switch (op) {
    case ">=":
      return compare(v, version) >= 0;
    case ">":
      return compare(v, version) > 0;
    case "<":
      return compare(v, version) < 0;
    case "<=":
      return compare(v, version) <= 0;
    case "^":
      return compare(v, version) >= 0 && compare(v, upTo(version[0] === 0 && given > 1 ? 1 : 0)) < 0;
    case "~":
      return compare(v, version) >= 0 && compare(v, upTo(given > 1 ? 1 : 0)) < 0;
    default:
      // `22`, `22.x`, `22.15.0`: that version, or any within the parts given.
      return given === 3
        ? compare(v, version) === 0
        : compare(v, version) >= 0 && compare(v, upTo(given - 1)) < 0;
  }
}

/** Whether `version` (e.g. "22.15.0") is in `range`. */
export function nodeSatisfies(version: string, range: string): boolean {
  const v = parse(version).version;
  return range.split("||").some((clause) =>
    clause
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, "$1")
      .split(/\s+/)
      .every((comparator) => satisfiesComparator(v, comparator)),
  );
}

/** The lowest version a `>=X.Y.Z` range admits (our own engines are written so). */
export function lowestOf(range: string): string {
  const match = /^>=\s*(\d+\.\d+\.\d+)$/.exec(range.trim());
  if (!match?.[1]) throw new Error(`node-engines: "${range}" is not of the form >=X.Y.Z`);
  return match[1];
}
