"use client";

import { useState, useTransition } from "react";
import { stepUpPasskeyAction } from "@/lib/actions/step-up-passkey-action";
import { stepUpPasskeyOptionsAction } from "@/lib/actions/step-up-passkey-options-action";
import type { StepUpPrompt } from "@/lib/auth/second-factor/types";
import { assertPasskey } from "./passkey-ceremony";
import styles from "./second-factor.module.css";

/** The form fields a step-up posts (lib/auth/step-up.ts reads them). */
export const STEP_UP_FIELDS = ["password", "code"] as const;

/** The hint of a step-up that guards a change to one's own second factors (Your account). */
export const FACTOR_CHANGE_REASON = "Changing your second factors: confirm it is you.";

/** The field whose errors the prompt shows: a refusal naming the other one goes to the status line. */
export function stepUpErrorField(prompt: StepUpPrompt): (typeof STEP_UP_FIELDS)[number] {
  return prompt.kind === "password" ? "password" : "code";
}

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
  return <FactorStepUp prompt={prompt} idPrefix={idPrefix} errors={errors} reason={reason} />;
}

/** A code field and/or a passkey button; a confirmed passkey clears the refusal that asked for it. */
function FactorStepUp({
  prompt,
  idPrefix,
  errors,
  reason,
}: {
  prompt: Extract<StepUpPrompt, { kind: "second-factor" }>;
  idPrefix: string;
  errors: Record<string, string>;
  reason: string;
}) {
  const [passkeyConfirmed, setPasskeyConfirmed] = useState(false);
  const codeError = passkeyConfirmed ? undefined : errors.code;
  // Checked on this session within five minutes: nothing to enter, unless the server says that has lapsed.
  if (prompt.fresh && errors.code === undefined)
    return (
      <p className="hint" data-testid="step-up-fresh">
        {reason} No code needed: you confirmed it is you with your second factor less than 5 minutes ago.
      </p>
    );
  return (
    <fieldset className={`stack ${styles.stepUp}`}>
      <legend>Confirm it is you</legend>
      {prompt.passkey ? <PasskeyStepUp onConfirmed={() => setPasskeyConfirmed(true)} /> : null}
      {prompt.totp ? (
        <Input
          id={`${idPrefix}-code`}
          name="code"
          type="text"
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="numeric"
          hint={`${reason} 6 digits from your authenticator app. Each code works once: if you have just used the one it shows, wait for the next. Then none is asked for here for 5 minutes.`}
          error={codeError}
        />
      ) : codeError ? (
        <p className="field-error">{codeError}</p>
      ) : null}
    </fieldset>
  );
}

function PasskeyStepUp({ onConfirmed }: { onConfirmed: () => void }) {
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();

  function confirm() {
    setStatus(null);
    startTransition(async () => {
      const done = await assertPasskey(stepUpPasskeyOptionsAction, (response) =>
        stepUpPasskeyAction({ response }),
      );
      if (!done.reached) setStatus({ ok: false, text: done.message });
      else if (done.result.ok) {
        setStatus({ ok: true, text: "Passkey confirmed: you may confirm now." });
        onConfirmed();
      } else setStatus({ ok: false, text: done.result.message ?? "Not confirmed." });
    });
  }

  return (
    <div className={styles.inline}>
      <button type="button" onClick={confirm} disabled={pending || status?.ok === true}>
        {pending
          ? "Waiting for the passkey…"
          : status?.ok
            ? "Confirmed with a passkey"
            : "Confirm with a passkey"}
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
