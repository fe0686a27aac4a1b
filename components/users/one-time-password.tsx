"use client";

import { useState } from "react";
import styles from "./users.module.css";

/** The one-time password after a reset: shown here once (it is not stored), selectable and copyable. */
export function OneTimePassword({ email, password }: { email: string; password: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <section className={styles.oneTime} role="status" aria-label={`One-time password for ${email}`}>
      <p>One-time password for {email} (shown only now; give it to them over a trusted channel):</p>
      <div className={styles.oneTimeRow}>
        <code className={styles.oneTimeCode}>{password}</code>
        <button
          type="button"
          className="button-small"
          onClick={() => navigator.clipboard.writeText(password).then(() => setCopied(true))}
        >
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
    </section>
  );
}
