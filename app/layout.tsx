import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { DOCUMENT_LANG_HEADER } from "@/lib/document-lang";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Payments dashboard", template: "%s · Payments dashboard" },
  description: "Create and follow pay-in and pay-out orders.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * The document shell shared by the staff dashboard and the public pay page. The dashboard's providers live
 * in app/(dashboard)/layout.tsx; the pay page's language arrives from proxy.ts so `<html lang>` is right.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const lang = (await headers()).get(DOCUMENT_LANG_HEADER) ?? "en";
  return (
    <html lang={lang}>
      <body>{children}</body>
    </html>
  );
}
