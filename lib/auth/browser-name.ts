/**
 * A session's browser in words, from its User-Agent ("Chrome on Linux", "Safari on iPhone"): what the
 * sessions lists show so people recognise their own devices. Plain module (no server-only): pure.
 * Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//i, "curl"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

export const UNKNOWN_BROWSER = "Unknown browser";

export function browserName(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  // Something else (a script, a test client): its first product token, as it calls itself.
  const product = /^[A-Za-z][\w.-]{0,30}/.exec(userAgent)?.[0];
  return product ?? UNKNOWN_BROWSER;
}
