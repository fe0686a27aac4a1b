import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { UNREACHABLE } from "@/components/forms/use-form-action";
import type { ActionResult } from "@/lib/actions/action-result";

/** What the browser said when the passkey ceremony did not finish, for a status line. */
export function webAuthnFailure(error: unknown): string {
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return "This passkey is on your account already.";
  if (error instanceof Error && error.name === "NotAllowedError")
    return "The passkey request was cancelled or timed out.";
  return "This browser could not use a passkey. Try again, or use another device.";
}

type Options<O> = () => Promise<ActionResult<{ options: O }>>;
/** The server's answer to the ceremony, or why it never reached the server (the options' refusal, by field). */
export type CeremonyResult<R> =
  | { reached: true; result: R }
  | { reached: false; message: string; fieldErrors?: Record<string, string> };

async function ceremony<O, B, R>(
  options: Options<O>,
  browser: (optionsJSON: O) => Promise<B>,
  finish: (response: B) => Promise<R>,
): Promise<CeremonyResult<R>> {
  try {
    const started = await options();
    if (!started.ok) {
      const message = started.message ?? "Could not start. Try again.";
      return { reached: false, message, fieldErrors: started.fieldErrors };
    }
    let response: B;
    try {
      response = await browser(started.options);
    } catch (error) {
      return { reached: false, message: webAuthnFailure(error) };
    }
    return { reached: true, result: await finish(response) };
  } catch {
    return { reached: false, message: UNREACHABLE };
  }
}

/** Sign-in or step-up: the server's challenge, the browser's passkey prompt, the server's check. */
export function assertPasskey<R>(
  options: Options<PublicKeyCredentialRequestOptionsJSON>,
  finish: (response: AuthenticationResponseJSON) => Promise<R>,
): Promise<CeremonyResult<R>> {
  return ceremony(options, (optionsJSON) => startAuthentication({ optionsJSON }), finish);
}

/** Adding a passkey: the server's options, the browser's prompt to create one, the server's check. */
export function createPasskey<R>(
  options: Options<PublicKeyCredentialCreationOptionsJSON>,
  finish: (response: RegistrationResponseJSON) => Promise<R>,
): Promise<CeremonyResult<R>> {
  return ceremony(options, (optionsJSON) => startRegistration({ optionsJSON }), finish);
}
