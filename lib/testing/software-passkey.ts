/**
 * A passkey made in software, for integration tests that register one through the server actions (a
 * browser's authenticator is e2e's, e2e/second-factor.spec.ts): a P-256 key and the "none" attestation a
 * platform authenticator sends, for the options the dashboard handed out.
 */
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const FLAGS_USER_PRESENT_VERIFIED_ATTESTED = 0x01 | 0x04 | 0x40;

export function softwarePasskeyRegistration(
  options: PublicKeyCredentialCreationOptionsJSON,
  origin: string,
): RegistrationResponseJSON {
  const jwk = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).publicKey.export({ format: "jwk" });
  // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? "", "base64url")],
      [-3, Buffer.from(jwk.y ?? "", "base64url")],
    ]),
  );
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    createHash("sha256")
      .update(options.rp.id ?? "")
      .digest(),
    Buffer.from([FLAGS_USER_PRESENT_VERIFIED_ATTESTED]),
    Buffer.alloc(4), // sign count
    Buffer.alloc(16), // AAGUID: none
    idLength,
    credentialId,
    coseKey,
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Uint8Array | Map<string, string>>([
      ["fmt", "none"],
      ["attStmt", new Map<string, string>()],
      ["authData", authData],
    ]),
  );
  const clientData = { type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false };
  const id = credentialId.toString("base64url");
  return {
    id,
    rawId: id,
    type: "public-key",
    response: {
      clientDataJSON: Buffer.from(JSON.stringify(clientData)).toString("base64url"),
      attestationObject: Buffer.from(attestationObject).toString("base64url"),
      transports: ["internal"],
    },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}
