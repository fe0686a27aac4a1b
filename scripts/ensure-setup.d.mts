/** Types of scripts/ensure-setup.mjs for the TypeScript files that import it (playwright.config.ts, bench/lighthouse.ts). */
export declare const CHROMIUM_PATH: string;
export declare function ensureNodeModules(): void;
export declare function ensureChromium(): void;
export declare function flowsBrowserPath(): string;
