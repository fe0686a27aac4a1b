/** Types of scripts/node-runtime.mjs for the TypeScript files that import it (vitest.config.ts). */
export declare const OLDEST_SUPPORTED: readonly [number, number];
export declare function isSupportedNode(version?: string): boolean;
export declare function runOnSupportedNode(): Promise<void>;
export declare function pgliteSafeNodeFlags(node?: string): string[];
export declare function shortLivedNodeFlags(node?: string): string[];
