"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { type BatchPreviewResult, previewBatchAction } from "@/lib/actions/preview-batch-action";
import { submitBatchAction } from "@/lib/actions/submit-batch-action";
import { fileTooLargeMessage } from "@/lib/batches/schemas";
import type { PayoutMethod } from "@/lib/contract";
import styles from "./batches.module.css";

type Preview = Extract<BatchPreviewResult, { ok: true }>;

/**
 * New pay-out → From a file: choose a CSV, read its preview (valid rows, every error by row and field,
 * totals per currency, the file's SHA-256, duplicate paymentIds), fix and choose it again, then submit. The
 * file stays in the browser between the two steps; the server checks it again on submit.
 */
export function BatchUpload(p: { methods: readonly PayoutMethod[]; maxRows: number; maxBytes: number }) {
  const router = useRouter();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  // Two actions, each with its own pending state ("Checking the file…", the submit button); one status line.
  const check = useFormAction();
  const send = useFormAction();
  const message = check.status ?? send.status;

  function formOf(f: File): FormData {
    const form = new FormData();
    form.set("file", f);
    return form;
  }

  async function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const picked = input.files?.[0] ?? null;
    // Emptied, so that choosing the file again under the same name (fixed, as the page asks) is a change too:
    // the browser sends no change event for the same name.
    input.value = "";
    setFile(null);
    setPreview(null);
    check.setStatus(null);
    send.setStatus(null);
    if (!picked) return;
    // Never read nor sent: the dashboard would refuse the body before reading it, and the page could only say
    // it failed.
    if (picked.size > p.maxBytes) {
      check.setStatus({ tone: "error", text: fileTooLargeMessage(p.maxBytes, picked.size) });
      return;
    }
    // The bytes as they are now: a File only points at the file on disk, so submitting would read it again,
    // changed or not since its preview. What is submitted is what was checked.
    let chosen: File;
    try {
      chosen = new File([await picked.arrayBuffer()], picked.name, { type: picked.type });
    } catch {
      check.setStatus({ tone: "error", text: `The file ${picked.name} could not be read. Choose it again.` });
      return;
    }
    setFile(chosen);
    check.call(
      () => previewBatchAction(formOf(chosen)),
      (result) => {
        if (result.ok) setPreview(result);
        else {
          const text = result.fieldErrors?.file ?? result.message ?? "The file could not be checked.";
          check.setStatus({ tone: "error", text });
        }
      },
      { text: "Could not reach the dashboard. Try again." },
    );
  }

  function submit() {
    if (!file) return;
    send.setStatus(null);
    send.call(
      () => submitBatchAction(formOf(file)),
      (result) => {
        if (result.ok) {
          router.push(`/payouts/batches/${result.batchId}`);
          return;
        }
        const text = result.fieldErrors?.file ?? result.message ?? "The batch could not be made.";
        send.setStatus({ tone: "error", text });
      },
    );
  }

  const p0 = preview?.preview;
  const submittable = p0 && p0.fileErrors.length === 0 && preview.errorCount === 0 && p0.validRows > 0;
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby={`${id}-templates`}>
        <h2 id={`${id}-templates`}>Templates</h2>
        <p className={`muted ${styles.intro}`}>
          The header row names the contract's fields (<code>paymentMethod</code>, <code>amount</code>,{" "}
          <code>client.email</code>, <code>payoutDetails.phoneNumber</code>, …). A row without a{" "}
          <code>paymentId</code> gets one made from the file, so the same file uploaded twice pays nothing
          twice. Card pay-outs are sent with the form only.
        </p>
        <ul className={styles.templates}>
          {p.methods.map((m) => (
            <li key={m}>
              <a className="button button-small" href={`/payouts/batches/template?method=${m}`} download>
                {m} template
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="card stack" aria-labelledby={`${id}-file`}>
        <h2 id={`${id}-file`}>Your file</h2>
        <div className="field">
          <label htmlFor={`${id}-input`}>Pay-out file (CSV or Excel .xlsx)</label>
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="file"
            accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={choose}
            aria-describedby={`${id}-hint`}
          />
          <span id={`${id}-hint`} className="hint">
            At most {p.maxRows.toLocaleString("en")} rows and {p.maxBytes / 1024 / 1024} MB. CSV as Excel
            saves it (any encoding it uses, separated by commas or semicolons) or an Excel workbook. Fix the
            file and choose it again as often as needed: nothing is stored until you submit.
          </span>
        </div>
        <div role="status" aria-live="polite">
          {check.pending ? <p>Checking the file…</p> : null}
          {message ? <p className="alert alert-error">{message.text}</p> : null}
        </div>
      </section>

      {p0 ? (
        <section className="card stack" aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`}>Preview of {p0.fileName}</h2>
          <dl className={styles.summary}>
            <div>
              <dt>Rows</dt>
              <dd>{p0.rows}</dd>
            </div>
            <div>
              <dt>Valid rows</dt>
              <dd>{p0.validRows}</dd>
            </div>
            <div>
              <dt>Errors</dt>
              <dd>{preview.errorCount + p0.fileErrors.length}</dd>
            </div>
          </dl>
          {p0.readAs ? (
            <p className="muted" data-testid="batch-read-as">
              Read as {p0.readAs}.
            </p>
          ) : null}
          <p className={`muted ${styles.hash}`}>
            SHA-256: <code>{p0.sha256}</code>
          </p>
          {p0.fileErrors.map((e) => (
            <p key={e} className="alert alert-error">
              {e}
            </p>
          ))}
          {p0.totals.length > 0 ? (
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">Totals per currency of the valid rows</caption>
                <thead>
                  <tr>
                    <th scope="col">Currency</th>
                    <th scope="col" className="num">
                      Valid rows
                    </th>
                    <th scope="col" className="num">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {p0.totals.map((t) => (
                    <tr key={t.currency}>
                      <td>{t.currency || "—"}</td>
                      <td className="num">{t.rows}</td>
                      <td className="num">{t.amount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {p0.duplicates.length > 0 ? (
            <p className="alert alert-warning">
              {p0.duplicates.length} paymentId{p0.duplicates.length > 1 ? "s are" : " is"} given on more than
              one row: {p0.duplicates.map((d) => `rows ${d.rows.join(", ")}`).join("; ")}.
            </p>
          ) : null}
          {p0.errors.length > 0 ? (
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">Errors by row and field</caption>
                <thead>
                  <tr>
                    <th scope="col" className="num">
                      Row
                    </th>
                    <th scope="col">Field and problem</th>
                  </tr>
                </thead>
                <tbody>
                  {p0.errors.map((e) => (
                    <tr key={`${e.row}-${e.field}`}>
                      <td className="num">{e.row}</td>
                      <td>
                        <strong>{e.label}</strong>
                        {e.label !== e.field && e.field !== "(row)" ? (
                          <>
                            {" "}
                            <code className="muted">{e.field}</code>
                          </>
                        ) : null}
                        <br />
                        {e.message}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {preview.errorCount > p0.errors.length ? (
            <p className="muted">
              The first {p0.errors.length} of {preview.errorCount} errors are shown.
            </p>
          ) : null}
          <div className="row">
            {submittable ? (
              <button type="button" className="button-primary" onClick={submit} disabled={send.pending}>
                {send.pending
                  ? "Submitting…"
                  : `Submit ${p0.validRows} pay-out${p0.validRows === 1 ? "" : "s"}`}
              </button>
            ) : (
              <p>Fix the errors in your file and choose it again.</p>
            )}
            <Link href="/payouts/batches">All pay-out files</Link>
          </div>
        </section>
      ) : null}
    </div>
  );
}
