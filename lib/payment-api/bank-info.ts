/**
 * A bank of the directory as the app shows it. Its own module, with no server-only mark, so a client
 * component can name the type (the gateway that fetches banks is server-only).
 */
export interface BankInfo {
  /** Usable as `bankId` in requests. */
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The national code: RU SBP member id, BR ISPB, KZ BIC. */
  code: string;
}
