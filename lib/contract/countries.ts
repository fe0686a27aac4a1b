/** ISO 3166-1 alpha-2 officially assigned codes (249). */
const ISO_3166_ALPHA2 = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA
RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ
VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`
  .trim()
  .split(/\s+/);

export const COUNTRY_CODES: ReadonlySet<string> = new Set(ISO_3166_ALPHA2);

export function isCountryCode(value: string): boolean {
  return COUNTRY_CODES.has(value);
}

/** Each country's currency, read only by orderCurrency (./order-currency.ts); unmapped countries have none. */
const CURRENCY_BY_COUNTRY: Record<string, string> = {
  RU: "RUB",
  BR: "BRL",
  KZ: "KZT",
  BY: "BYN",
  UZ: "UZS",
  KG: "KGS",
  TJ: "TJS",
  AM: "AMD",
  AZ: "AZN",
  GE: "GEL",
  TR: "TRY",
  IN: "INR",
  US: "USD",
  GB: "GBP",
  DE: "EUR",
  FR: "EUR",
  ES: "EUR",
  IT: "EUR",
  PT: "EUR",
  NL: "EUR",
  AR: "ARS",
  MX: "MXN",
  CL: "CLP",
  CO: "COP",
  PE: "PEN",
};

/** The country's own currency. An order's currency is orderCurrency's: it depends on the method too. */
export function currencyForCountry(country: string): string | undefined {
  return CURRENCY_BY_COUNTRY[country];
}

/** Every currency an order can be in (orderCurrency's answers), sorted: the pay-out approval thresholds' choices. */
export const ORDER_CURRENCIES: readonly string[] = [...new Set(Object.values(CURRENCY_BY_COUNTRY))].sort();

/** The countries the order forms suggest (each has a currency mapping); any ISO code may be typed. */
export const SUGGESTED_COUNTRIES: readonly string[] = [
  "RU",
  "BR",
  "KZ",
  "BY",
  "UZ",
  "KG",
  "AM",
  "AZ",
  "GE",
  "TR",
  "IN",
];
