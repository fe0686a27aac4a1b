/** Types of scripts/pack.mjs for the TypeScript files that import it (lib/testing/installed-packages.ts). */
export interface PackageManifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  bin?: Record<string, string>;
  engines?: Record<string, string>;
  [key: string]: unknown;
}
export interface BuiltPackage {
  tarball: string;
  manifest: PackageManifest;
}
export declare const PACKAGES_DIR: string;
export declare function buildPackages(outDir?: string): Promise<{ sandbox: BuiltPackage; kit: BuiltPackage }>;
