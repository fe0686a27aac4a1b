/**
 * Runs once when a Next.js server starts (never during `next build`). On the Node.js runtime it creates
 * the first admin when the database has no users yet (lib/auth/first-start.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { bootstrapFirstAdmin } = await import("./lib/auth/first-start");
    await bootstrapFirstAdmin();
  }
}
