/**
 * The packaged sandbox's PGlite template (lib/database/pglite-template.ts): its file name in the package's
 * `dist/`, beside the compiled bin (scripts/pack.mjs writes it there; its tag is the `.json` of the same name).
 */
export const PGLITE_TEMPLATE_FILE = "sandbox-pglite-template.tar.gz";
