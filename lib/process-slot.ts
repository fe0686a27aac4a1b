/**
 * A value held once per process, whichever copy of a module asks for it. Next.js bundles instrumentation.ts
 * apart from the routes and server actions, each bundle with its own copy of every module, and a dev reload
 * evaluates modules again: a module-level `const` would be one value per copy. The slot lives on globalThis
 * under `Symbol.for(name)`, which every copy resolves to the same key.
 */
export interface ProcessSlot<T> {
  get(): T | undefined;
  set(value: T | undefined): void;
  /** The held value, made by `make` and kept when there is none yet. */
  getOrSet(make: () => T): T;
}

export function processSlot<T>(name: string): ProcessSlot<T> {
  const key = Symbol.for(`payorders.${name}`);
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  return {
    get: () => holder[key],
    set: (value) => {
      holder[key] = value;
    },
    getOrSet: (make) => {
      holder[key] ??= make();
      return holder[key];
    },
  };
}
