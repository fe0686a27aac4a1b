"use client";

import { startAuthentication } from "@simplewebauthn/browser";
import { useState, useTransition } from "react";
import { stepUpPasskeyAction } from "@/lib/actions/step-up-passkey-action";
import { stepUpPasskeyOptionsAction } from "@/lib/actions/step-up-passkey-options-action";
import type { StepUpPrompt } from "@/lib/auth/second-factor/types";
import { webAuthnFailure } from "./passkey-add";
import styles from "./second-factor.module.css";

/** The form fields a step-up posts (lib/auth/step-up.ts reads them): whichever the prompt shows. */
export const STEP_UP_FIELDS = ["password", "code"] as const;

/**
 * Step-up inside any confirming form (a pay-out's approval, a bulk file's): the password for an account with
 * no second factor; otherwise a code from the authenticator app and/or a passkey button, which confirms on
 * the spot (the session is then fresh for five minutes, so the code may stay empty). `errors` are the
 * action's field errors, by field name.
 */
export function StepUpField({
  prompt,
  idPrefix,
  errors,
  reason = "Approving sends money: confirm it is you.",
}: {
  prompt: StepUpPrompt;
  idPrefix: string;
  errors: Record<string, string>;
  reason?: string;
}) {
  if (prompt.kind === "password") {
    return (
      <Input
        id={`${idPrefix}-password`}
        name="password"
        type="password"
        label="Your password"
        autoComplete="current-password"
        hint={reason}
        error={errors.password}
      />
    );
  }
  return (
    <div className="stack">
      {prompt.passkey ? <PasskeyStepUp /> : null}
      {prompt.totp ? (
        <Input
          id={`${idPrefix}-code`}
          name="code"
          type="text"
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="numeric"
          hint={`${reason} 6 digits from your authenticator app; not needed again within 5 minutes of your last code or passkey.`}
          error={errors.code}
        />
      ) : errors.code ? (
        <p className="field-error">{errors.code}</p>
      ) : null}
    </div>
  );
}

function PasskeyStepUp() {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  function confirm() {
    setStatus(null);
    startTransition(async () => {
      try {
        const options = await stepUpPasskeyOptionsAction();
        if (!options.ok) {
          setStatus({ ok: false, text: options.message ?? "Could not start. Try again." });
          return;
        }
        let response: Awaited<ReturnType<typeof startAuthentication>>;
        try {
          response = await startAuthentication({ optionsJSON: options.options });
        } catch (e) {
          setStatus({ ok: false, text: webAuthnFailure(e) });
          return;
        }
        const result = await stepUpPasskeyAction({ response });
        setStatus({
          ok: result.ok,
          text: result.ok ? "Passkey confirmed: you may confirm now." : (result.message ?? "Not confirmed."),
        });
      } catch {
        setStatus({ ok: false, text: "Could not reach the dashboard. Try again." });
      }
    });
  }

  return (
    <div className={styles.inline}>
      <button type="button" onClick={confirm} disabled={pending || status?.ok === true}>
        {pending ? "Waiting for the passkey…" : status?.ok ? "Passkey confirmed" : "Use passkey"}
      </button>
      <span role="status" aria-live="polite" className={status?.ok ? undefined : "field-error"}>
        {status?.text ?? ""}
      </span>
    </div>
  );
}

function Input(p: {
  id: string;
  name: string;
  type: "password" | "text";
  label: string;
  autoComplete: string;
  inputMode?: "numeric";
  hint: string;
  error: string | undefined;
}) {
  const described = [p.error ? `${p.id}-error` : null, `${p.id}-hint`].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={p.id}>{p.label}</label>
      <input
        id={p.id}
        name={p.name}
        type={p.type}
        autoComplete={p.autoComplete}
        inputMode={p.inputMode}
        spellCheck={false}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={described}
      />
      {p.error ? (
        <span id={`${p.id}-error`} className="field-error">
          {p.error}
        </span>
      ) : null}
      <span id={`${p.id}-hint`} className="hint">
        {p.hint}
      </span>
    </div>
  );
}
