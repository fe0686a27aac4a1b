/** A command line the CLI cannot run (exit 2, with the verb's usage): lib/sandbox/cli/run.ts. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
