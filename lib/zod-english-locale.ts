/**
 * What the dashboard's build gives zod for its locales namespace: English alone (next.config.ts aliases zod's own
 * `../locales/index.js` here). zod re-exports every language it has as one namespace (`z.locales`), which Turbopack
 * cannot shake, so each dashboard page shipped all of them, 191 KB of the 361 KB zod chunk; nothing of ours reads
 * `z.locales`, and zod's default messages (English) come from its `en.js`, which it imports directly.
 */
export { default as en } from "zod/v4/locales/en.js";
