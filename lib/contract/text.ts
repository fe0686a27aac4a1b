/**
 * What text the product accepts, decided once (issue 8): any Unicode text except the NUL character and
 * unpaired UTF-16 surrogates. Neither can be stored — PostgreSQL refuses both in `text` and `jsonb` — and
 * neither means anything in a name, an email or a status, so they are refused at the door with a 400 naming
 * the field, instead of failing at the database with a 500. Invalid UTF-8 never reaches this check: request
 * bodies are decoded strictly (refused as malformed) or lossily (U+FFFD, which is fine).
 */
import { customCheck } from "./custom-check";

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` is refused, or undefined when the product accepts it. */
export function textProblem(text: string): string | undefined {
  if (text.includes("\u0000")) return "Must not contain a NUL character (U+0000)";
  if (LONE_SURROGATE.test(text)) return "Must not contain an unpaired UTF-16 surrogate (invalid Unicode)";
  return undefined;
}

/** `text` with every NUL and unpaired surrogate replaced by U+FFFD: for what is logged, never refused. */
export function storableText(text: string): string {
  return text.replaceAll("\u0000", "\uFFFD").replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD");
}

export function isAcceptedText(text: string): boolean {
  return textProblem(text) === undefined;
}

/**
 * A zod check for string schemas: `z.string().check(acceptedText())`. Its message says what is wrong
 * (NUL or unpaired surrogate).
 */
export function acceptedText() {
  return customCheck<string>((value, addIssue) => {
    const message = textProblem(value);
    if (message) addIssue({ message });
  });
}

export interface BadText {
  /** Dotted path of the offending value ("client.firstName", "items.0"); "(body)" for the root. */
  path: string;
  message: string;
}

/**
 * The first string in a JSON value (object keys included) that the product refuses, with its path.
 * Iterative, and paths are built only for the culprit, so a deeply nested body costs linear time.
 */
export function findBadText(value: unknown): BadText | undefined {
  const stack: Node[] = [{ value, key: undefined, parent: undefined }];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const v = node.value;
    if (typeof v === "string") {
      const message = textProblem(v);
      if (message) return { path: pathOf(node), message };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: String(i), parent: node });
    } else if (v !== null && typeof v === "object") {
      const entries = Object.entries(v);
      for (const [key] of entries) {
        const message = textProblem(key);
        // The key itself is unprintable: name it escaped, as JSON would.
        if (message)
          return {
            path: pathOf({ value: key, key: JSON.stringify(key).slice(1, -1), parent: node }),
            message,
          };
      }
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return undefined;
}

interface Node {
  value: unknown;
  key: string | undefined;
  parent: Node | undefined;
}

function pathOf(node: Node): string {
  const keys: string[] = [];
  for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) keys.push(n.key);
  return keys.reverse().join(".") || "(body)";
}
