"use client";

import styles from "./second-factor.module.css";

/** Ten recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="alert alert-warning stack" aria-label="Your recovery codes">
      <p className={styles.flush}>
        <strong>Your recovery codes — shown only now.</strong> Each signs you in once if you lose your
        authenticator app or passkey. Keep them somewhere safe, away from this device.
      </p>
      <ul className={styles.codes} data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="row">
        <button type="button" onClick={() => void navigator.clipboard?.writeText(codes.join("\n"))}>
          Copy codes
        </button>
        <button type="button" className="button-primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </section>
  );
}
