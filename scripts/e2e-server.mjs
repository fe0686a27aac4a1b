#!/usr/bin/env node
/** Starts the product for the e2e suite on a fresh data folder (DATA_DIR), then hands over to start.mjs. */
import { rmSync } from "node:fs";

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.startsWith(".data-e2e")) throw new Error(`refusing to wipe DATA_DIR=${dataDir}`);
rmSync(dataDir, { recursive: true, force: true });
await import("./start.mjs");
