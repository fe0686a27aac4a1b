/**
 * The sandbox as a real process (`lib/sandbox/main.ts`, tsx as a loader in the child itself, so a SIGKILL
 * reaches it), on a port of its own choosing, with the test account and no rate limit; `env` adds to (or, as
 * undefined, removes from) the environment. Its output is kept; `url` resolves once its start line names it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { shortLivedNodeFlags } from "@/scripts/node-runtime.mjs";
import { TEST_ACCOUNT } from "./sandbox-http";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MAIN = path.join(ROOT, "lib", "sandbox", "main.ts");

export interface SandboxProcess {
  child: ChildProcess;
  output: string[];
  url: Promise<string>;
  exited: Promise<NodeJS.Signals | number | null>;
}

export function startSandboxProcess(env: Record<string, string | undefined>): SandboxProcess {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    SANDBOX_PORT: "0",
    SANDBOX_CLIENT_ID: TEST_ACCOUNT.clientId,
    SANDBOX_CLIENT_SECRET: TEST_ACCOUNT.secret,
    SANDBOX_RATE_LIMIT_PER_MINUTE: "0",
  };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[key];
    else childEnv[key] = value;
  }
  const child: ChildProcess = spawn(process.execPath, [...shortLivedNodeFlags(), "--import", "tsx", MAIN], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => {
      output.push(d.toString());
      const m = /payment service on (http:\/\/\S+)/.exec(output.join(""));
      if (m?.[1]) resolve(m[1]);
    });
    child.once("exit", () => reject(new Error(`the sandbox exited:\n${output.join("")}`)));
  });
  child.stderr?.on("data", (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once("exit", (code: number | null, signal: NodeJS.Signals | null) => resolve(signal ?? code)),
  );
  return { child, output, url, exited };
}
