/**
 * "Pay in my bank app" links. A deep link is the NSPK link with its scheme `https` replaced by the bank's
 * own scheme from NSPK's list (SOURCES.md). The scheme is always taken from the data, never derived from
 * a member id: VTB's member id is 100000000005 but its scheme is bank110000000005.
 */
const NSPK_LINK = /^https:\/\/qr\.nspk\.ru\/[^\s]+$/;
const SCHEME = /^[a-z][a-z0-9+.-]*$/i;

export function isNspkLink(url: string): boolean {
  return NSPK_LINK.test(url);
}

/** https://qr.nspk.ru/AS10…?type=02&… + "bank100000000111" → bank100000000111://qr.nspk.ru/AS10…?type=02&… */
export function buildBankAppLink(nspkUrl: string, scheme: string): string {
  if (!isNspkLink(nspkUrl)) throw new RangeError(`not an NSPK link: ${nspkUrl}`);
  if (!SCHEME.test(scheme)) throw new RangeError(`not a URL scheme: ${scheme}`);
  return `${scheme}${nspkUrl.slice("https".length)}`;
}
