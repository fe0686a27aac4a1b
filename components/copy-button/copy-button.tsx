"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { useHydrated } from "@/components/use-hydrated";

/** What the button says; the pay page passes its translations, the dashboard takes the English default. */
export interface CopyTexts {
  copy: string;
  copied: string;
  failed: string;
}

const ENGLISH: CopyTexts = { copy: "Copy", copied: "Copied ✓", failed: "Could not copy" };

interface CopyButtonProps {
  /** Exactly what goes on the clipboard. */
  value: string;
  /** What is copied ("card number"): the button's accessible name is "<copy> <label>". */
  label: string;
  texts?: CopyTexts;
  /** The button's class; the dashboard's small button by default. */
  className?: string;
  /** Where a failure shows; without it the failure text stands next to the button. */
  failedClassName?: string;
  /** An icon before the text (hidden from screen readers), at rest and after a copy. */
  icon?: { className?: string; idle: ReactNode; copied: ReactNode };
  /** Stable id for tests. */
  copyId?: string;
}

/** navigator.clipboard is out of reach on plain-http origins; the old selection trick still works there. */
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

/**
 * Copies `value` to the clipboard and says so, visibly and to screen readers. Until the page's script runs
 * (and never without JavaScript) the button cannot copy: it keeps its place but is invisible, out of reach
 * and unannounced; the value beside it stays selectable instead.
 */
export function CopyButton({
  value,
  label,
  texts = ENGLISH,
  className = "button-small",
  failedClassName,
  icon,
  copyId,
}: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const hydrated = useHydrated();
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

  const copied = state === "copied";
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={`${texts.copy} ${label}`}
        data-copy-id={copyId}
        data-state={state}
        onClick={copy}
        style={hydrated ? undefined : { visibility: "hidden" }}
      >
        {icon ? (
          <span aria-hidden="true" className={icon.className}>
            {copied ? icon.copied : icon.idle}
          </span>
        ) : null}
        {copied ? texts.copied : texts.copy}
      </button>
      <span role="status" className={state === "failed" ? failedClassName : "visually-hidden"}>
        {copied ? `${label}: ${texts.copied}` : state === "failed" ? texts.failed : ""}
      </span>
    </>
  );
}
