/**
 * Imported for its effect by the dashboard's client providers (the pay page ships no zod). zod 4 probes
 * `new Function` in the browser to compile faster parsers; the Content-Security-Policy (no 'unsafe-eval')
 * refuses it, and browsers report that refusal as a violation even though zod falls back. `jitless` skips
 * the probe. On the server nothing changes.
 */
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });
