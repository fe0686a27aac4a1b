import type { Sql } from "@/lib/database";
import type { RelyingParty } from "./relying-party";

/** What the second-factor functions need (the runtime makes it; tests make their own). */
export interface SecondFactorDeps {
  sql: Sql;
  /** AES-256 key sealing TOTP seeds (lib/auth/second-factor/key.ts). */
  key: Buffer;
  relyingParty: RelyingParty;
}
