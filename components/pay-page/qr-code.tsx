import { QRCodeSVG } from "qrcode.react";
import styles from "./pay-page.module.css";

/** The QR as server-rendered SVG: visible without JavaScript and no QR library in the browser bundle. */
export function QrCode({ value, label }: { value: string; label: string }) {
  return (
    <figure className={styles.qr} data-qr-value={value}>
      <QRCodeSVG value={value} size={232} level="M" marginSize={4} role="img" aria-label={label} />
    </figure>
  );
}
