import type { Messages } from "@/lib/i18n";
import type { DetailField } from "@/lib/pay-page/view-model";
import { CopyButton } from "@/components/copy-button/copy-button";
import { payCopyProps } from "./copy-props";
import styles from "./pay-page.module.css";

/** Each value on its own row with its own copy button. */
export function DetailList({ fields, m }: { fields: DetailField[]; m: Messages }) {
  return (
    <dl className={styles.fields}>
      {fields.map((f) => (
        <div key={f.id} className={styles.field} data-field={f.id}>
          <dt>{m[f.label]}</dt>
          <dd>
            <span className={f.mono ? `${styles.value} ${styles.mono}` : styles.value} data-value={f.id}>
              {f.display}
            </span>
            <CopyButton value={f.copyValue} label={m[f.label]} {...payCopyProps(m)} copyId={f.id} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
