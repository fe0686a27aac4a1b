/** `npm run -s sandbox:cli -- <verb> …`: the sandbox's command line (run.ts; docs/qa.md, Command line). */
import { run } from "./run";

run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  env: process.env,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
