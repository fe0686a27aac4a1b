"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useFormAction } from "@/components/forms/use-form-action";
import { saveSecondFactorSettingAction } from "@/lib/actions/save-second-factor-setting-action";
import styles from "./second-factor.module.css";
import { StatusLine } from "./status-line";

/** Settings → Second factor: one switch, saved as soon as it is flipped (and put back if refused). */
export function SecondFactorSettingForm({ required }: { required: boolean }) {
  const router = useRouter();
  const id = useId();
  const [on, setOn] = useState(required);
  const { status, setStatus, pending, call } = useFormAction();

  function flip(next: boolean) {
    setOn(next);
    setStatus(null);
    call(
      () => saveSecondFactorSettingAction({ required: next }),
      (result) => {
        const text = result.message ?? (result.ok ? "Saved." : "Not saved.");
        setStatus({ tone: result.ok ? "success" : "error", text });
        if (result.ok) router.refresh();
        else setOn(!next);
      },
      { also: () => setOn(!next) },
    );
  }

  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Second factor</h2>
      <p className={`muted ${styles.flush}`}>
        Everyone may add an authenticator app or a passkey under Your account. With this on, admins and
        approvers who have none are asked to set one up at their next sign-in, before anything else opens.
      </p>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-checked={on}
          disabled={pending}
          aria-describedby={`${id}-status`}
          onChange={(e) => flip(e.target.checked)}
        />
        <span>Require a second factor for admins and approvers</span>
      </label>
      <StatusLine id={`${id}-status`} status={status} />
    </section>
  );
}
