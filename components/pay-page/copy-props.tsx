import type { Messages } from "@/lib/i18n";
import { CheckIcon, CopyIcon } from "./icons";
import styles from "./pay-page.module.css";

/** The pay page's look and language for the shared CopyButton. */
export function payCopyProps(m: Messages) {
  return {
    texts: { copy: m.copy, copied: m.copied, failed: m.copyFailed },
    className: styles.copy,
    failedClassName: styles.copyFailed,
    icon: { className: styles.copyIcon, idle: <CopyIcon />, copied: <CheckIcon /> },
  };
}
