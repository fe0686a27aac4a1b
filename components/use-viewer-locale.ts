import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};
const browserLocale = () => navigator.language || "en-US";
// The server knows no viewer's locale: it (and hydration) render en-US, then the browser switches to its own.
const serverLocale = () => "en-US";

/** The browser's language ("ru-RU"), for numbers and money written as the viewer writes them. */
export function useViewerLocale(): string {
  return useSyncExternalStore(noSubscription, browserLocale, serverLocale);
}
