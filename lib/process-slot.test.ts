import { expect, it, vi } from "vitest";

it("two copies of the module hold one value per name", async () => {
  const first = await import("./process-slot");
  vi.resetModules();
  const second = await import("./process-slot");
  expect(second.processSlot).not.toBe(first.processSlot);

  const a = first.processSlot<{ n: number }>("test-slot");
  const b = second.processSlot<{ n: number }>("test-slot");
  const made = a.getOrSet(() => ({ n: 1 }));
  expect(b.getOrSet(() => ({ n: 2 }))).toBe(made);
  expect(second.processSlot("other-test-slot").get()).toBeUndefined();

  b.set(undefined);
  expect(a.get()).toBeUndefined();
  expect(a.getOrSet(() => ({ n: 3 })).n).toBe(3);
  a.set(undefined);
});
