/** Types of scripts/cpu-times.mjs for the TypeScript files that import it (bench/lib.ts). */
export declare function cpuTimes(): { all: number; idle: number; stolen: number } | undefined;
