"use client";

import { type FormEvent, useId, useState } from "react";
import { useHydrated } from "@/components/use-hydrated";
import type { CaseMessages } from "@/lib/cases/case-messages";
import type { CaseRefusal, PublicCase } from "@/lib/cases/public-case";
import {
  checkCaseInput,
  NOTE_MAX_LENGTH,
  type NoteErrorCode,
  REFERENCE_MAX_LENGTH,
  type ReferenceErrorCode,
  type ReferenceKind,
} from "@/lib/cases/reference";
import { fillMessage } from "@/lib/i18n";
import styles from "./pay-page.module.css";

type Errors = { reference?: string; note?: string };

const REF_ERROR: Record<ReferenceErrorCode, keyof CaseMessages> = {
  required: "caseErrRequired",
  pix: "caseErrPix",
  sbp: "caseErrSbp",
  free: "caseErrFree",
  cardNumber: "caseErrCard",
};
const NOTE_ERROR: Record<NoteErrorCode, keyof CaseMessages> = {
  note: "caseErrNote",
  cardNumber: "caseErrCard",
};

const LABELS: Record<ReferenceKind, [keyof CaseMessages, keyof CaseMessages]> = {
  pix: ["caseRefPix", "caseRefPixHint"],
  sbp: ["caseRefSbp", "caseRefSbpHint"],
  free: ["caseRefFree", "caseRefFreeHint"],
};

function wordErrors(m: CaseMessages, errors: { reference?: string; note?: string }): Errors {
  const out: Errors = {};
  if (errors.reference)
    out.reference = m[REF_ERROR[errors.reference as ReferenceErrorCode] ?? "caseErrRequired"];
  if (errors.note) out.note = m[NOTE_ERROR[errors.note as NoteErrorCode] ?? "caseErrNote"];
  return out;
}

/**
 * "I have paid" (lib/cases/submit.ts): a button that opens a two-field form, then the case's state as the
 * live poll (pay-live.tsx) reports it. Checked here with the server's own rules, so a mistyped id is named
 * before anything is sent; the server checks again and its refusals land on the same fields.
 */
export function PaidCase({
  token,
  kind,
  m,
  current,
  onCase,
}: {
  token: string;
  kind: ReferenceKind;
  m: CaseMessages;
  current: PublicCase | null;
  onCase: (c: PublicCase) => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [formOpen, setFormOpen] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState("");
  const [pending, setPending] = useState(false);
  const [alreadyOpen, setAlreadyOpen] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = { reference: String(form.get("reference") ?? ""), note: String(form.get("note") ?? "") };
    const checked = checkCaseInput(kind, values);
    setStatus("");
    if (!checked.ok) {
      setErrors(wordErrors(m, checked.errors));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const res = await fetch(`/api/pay/${encodeURIComponent(token)}/case`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(values),
      });
      const body = (await res.json()) as CaseRefusal | { case: PublicCase; alreadyOpen: boolean };
      if ("case" in body) {
        setAlreadyOpen(body.alreadyOpen);
        setFormOpen(false);
        onCase(body.case);
      } else if (body.error === "invalid") setErrors(wordErrors(m, body.fields));
      else if (body.error === "rateLimited")
        setStatus(fillMessage(m.caseErrRate, { minutes: String(Math.ceil(body.retryAfterSeconds / 60)) }));
      else if (body.error === "tooMany") setStatus(m.caseErrTooMany);
      else if (body.error === "closed" || body.error === "notFound") setStatus(m.caseErrClosed);
      else setStatus(m.caseErrNetwork);
    } catch {
      setStatus(m.caseErrNetwork);
    } finally {
      setPending(false);
    }
  }

  const state = current?.state;
  // A case closed as found is the page's own screen (pay-live.tsx, "confirmed"), not this card.
  if (state === "found") return null;
  if (state === "open") {
    return (
      <section className={`${styles.card} ${styles.caseCard}`} data-case={state} aria-labelledby={`${id}-t`}>
        <h2 id={`${id}-t`} className={styles.methodTitle}>
          {m.caseOpenTitle}
        </h2>
        <p className={styles.steps}>{m.caseOpenBody}</p>
        {alreadyOpen ? <p className={styles.hint}>{m.caseAlreadyOpen}</p> : null}
      </section>
    );
  }

  const [label, hint] = LABELS[kind].map((key) => m[key]);
  return (
    <section
      className={`${styles.card} ${styles.caseCard}`}
      data-case={state ?? "none"}
      aria-labelledby={`${id}-t`}
      // Reporting needs the page's script: without it the card keeps its place but is out of sight and reach.
      style={hydrated ? undefined : { visibility: "hidden" }}
    >
      <h2 id={`${id}-t`} className={styles.methodTitle}>
        {state === "not_found" ? m.caseNotFoundTitle : m.caseTitle}
      </h2>
      <p className={styles.steps}>{state === "not_found" ? m.caseNotFoundBody : m.caseIntro}</p>
      {formOpen ? (
        <form onSubmit={submit} noValidate className={styles.caseForm}>
          <label htmlFor={`${id}-ref`} className={styles.searchLabel}>
            {label}
          </label>
          <input
            id={`${id}-ref`}
            name="reference"
            autoComplete="off"
            spellCheck={false}
            maxLength={REFERENCE_MAX_LENGTH + 16}
            aria-invalid={errors.reference ? true : undefined}
            aria-describedby={`${id}-ref-hint${errors.reference ? ` ${id}-ref-err` : ""}`}
            className={kind === "free" ? undefined : styles.mono}
          />
          <p id={`${id}-ref-hint`} className={styles.hint}>
            {hint}
          </p>
          {errors.reference ? (
            <p id={`${id}-ref-err`} className={styles.caseError}>
              {errors.reference}
            </p>
          ) : null}
          <label htmlFor={`${id}-note`} className={styles.searchLabel}>
            {m.caseNote}
          </label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={2}
            maxLength={NOTE_MAX_LENGTH}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={`${id}-note-hint${errors.note ? ` ${id}-note-err` : ""}`}
          />
          <p id={`${id}-note-hint`} className={styles.hint}>
            {m.caseNoteHint}
          </p>
          {errors.note ? (
            <p id={`${id}-note-err`} className={styles.caseError}>
              {errors.note}
            </p>
          ) : null}
          <button type="submit" className={`button-primary ${styles.caseButton}`} disabled={pending}>
            {pending ? m.caseSending : m.caseSend}
          </button>
        </form>
      ) : (
        <button type="button" className={styles.caseButton} onClick={() => setFormOpen(true)}>
          {state === "not_found" ? m.caseSendAgain : m.casePaid}
        </button>
      )}
      <p role="status" className={status ? styles.caseError : "visually-hidden"}>
        {status}
      </p>
    </section>
  );
}
