/**
 * The customer page's token is made with the order (lib/orders/submit.ts: 256 random bits, base64url) and
 * stored in orders.pay_token; it is not the service's order id and reveals nothing about the order.
 */

/**
 * Whether a URL segment could be a token at all (base64url or hex, at least 128 bits), so a malformed one
 * is answered 404 without a database look-up.
 */
export function isWellFormedPayToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{22,128}$/.test(value);
}
