"use client";

import { useState } from "react";

/** Copies `value` to the clipboard and says so (visibly and to screen readers). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2_500);
  };
  return (
    <>
      <button type="button" className="button-small" onClick={copy} aria-label={label}>
        {state === "copied" ? "Copied ✓" : state === "failed" ? "Copy failed" : "Copy"}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {state === "copied" ? "Copied to the clipboard" : state === "failed" ? "Could not copy" : ""}
      </span>
    </>
  );
}
