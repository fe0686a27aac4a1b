import { expect, it, vi } from "vitest";

it("one acting user per process, whichever copy of the module sets or reads it", async () => {
  const setter = await import("./acting-user");
  vi.resetModules();
  const reader = await import("./acting-user");
  expect(reader.runActingAs).not.toBe(setter.runActingAs);
  expect(reader.actingUserId()).toBeNull();
  const seen = await setter.runActingAs("user-1", async () => {
    await Promise.resolve();
    return reader.actingUserId();
  });
  expect(seen).toBe("user-1");
  expect(reader.actingUserId()).toBeNull();
});
