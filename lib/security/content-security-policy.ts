/**
 * The pages' Content-Security-Policy (set by proxy.ts per request). Scripts run only with this request's
 * nonce — Next.js reads it from the request's CSP header and puts it on its own scripts — plus what those
 * load ('strict-dynamic'). Styles allow inline: React `style` props and the bank-logo backgrounds are
 * attributes a nonce cannot cover, and injected CSS cannot run code. Images may come from any https host
 * (bank logos). Nothing may frame the pages. Plain module: proxy.ts imports it.
 */
export function contentSecurityPolicy(options: { nonce: string; dev: boolean; https: boolean }): string {
  const directives = [
    "default-src 'self'",
    // React's development build evaluates code for its debugging aids; production needs no eval.
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Only where the site is served over TLS: on http://localhost it would break every subresource.
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** 128 random bits, base64: unguessable and fresh for every response. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
