/** Second-factor shapes the client components read (plain module). */

/** What Your account lists of a factor. */
export interface FactorView {
  id: string;
  kind: "totp" | "passkey";
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface AccountFactors {
  factors: FactorView[];
  unusedRecoveryCodes: number;
}

/** A new authenticator app's seed, shown while it is set up. */
export interface TotpSetup {
  /** Base32, for typing into the app. */
  secret: string;
  /** otpauth:// URI, for the QR code. */
  uri: string;
}

/**
 * What the step-up asks of this user: their password, or their second factor (which kinds they have);
 * `fresh`: this session passed it within the last five minutes, so nothing is asked for now.
 */
export type StepUpPrompt =
  | { kind: "password" }
  | { kind: "second-factor"; totp: boolean; passkey: boolean; fresh?: boolean };
