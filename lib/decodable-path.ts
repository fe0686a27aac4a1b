/**
 * A URL path whose percent-escapes do not decode to UTF-8 (`/pay/%FF`) names no page or resource: it gets
 * a 404, rather than reaching Next's route-parameter decoding, which fails on it.
 */
export function isDecodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
