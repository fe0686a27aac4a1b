"use client";

import { useEffect, useRef, useState } from "react";
import styles from "./pay-page.module.css";

interface CopyButtonProps {
  /** Exactly what goes on the clipboard. */
  value: string;
  /** What is copied, for the button's accessible name ("Copy card number"). */
  label: string;
  copyText: string;
  copiedText: string;
  failedText: string;
  /** Stable id for tests. */
  copyId: string;
}

/** Puts navigator.clipboard out of reach on plain-http origins; the old selection trick still works there. */
function legacyCopy(value: string): boolean {
  const area = document.createElement("textarea");
  area.value = value;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } finally {
    area.remove();
  }
}

export function CopyButton({ value, label, copyText, copiedText, failedText, copyId }: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    let ok = false;
    try {
      await navigator.clipboard.writeText(value);
      ok = true;
    } catch {
      ok = legacyCopy(value);
    }
    setState(ok ? "copied" : "failed");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2500);
  }

  return (
    <>
      <button type="button" className={styles.copy} data-copy-id={copyId} data-state={state} onClick={copy}>
        <span aria-hidden="true" className={styles.copyIcon}>
          {state === "copied" ? "✓" : "⧉"}
        </span>
        {state === "copied" ? copiedText : copyText}
        <span className="visually-hidden"> {label}</span>
      </button>
      <span role="status" className={state === "failed" ? styles.copyFailed : "visually-hidden"}>
        {state === "copied" ? `${label}: ${copiedText}` : state === "failed" ? failedText : ""}
      </span>
    </>
  );
}
