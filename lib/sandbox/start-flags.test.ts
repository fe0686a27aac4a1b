import { describe, expect, it } from "vitest";
import { loadSandboxConfig, sandboxEnvObject } from "./config";
import { flagOf, parseStartFlags, START_FLAGS, StartFlagError, startUsage } from "./start-flags";

describe("the sandbox's start flags", () => {
  it("mirror every variable of the sandbox's environment but DATA_DIR, named after it", () => {
    const variables = Object.keys(sandboxEnvObject.shape).filter((v) => v !== "DATA_DIR");
    expect(START_FLAGS.map((f) => f.variable).sort()).toEqual(variables.sort());
    expect(flagOf("SANDBOX_RUN_IDLE_MINUTES")).toBe("--run-idle-minutes");
    expect(flagOf("SANDBOX_DATA_DIR")).toBe("--data-dir");
    expect(flagOf("METRICS_TOKEN")).toBe("--metrics-token");
    for (const flag of START_FLAGS) expect(flag.description, flag.variable).not.toBe("");
  });

  it("read `--flag value` and `--flag=value` into the variables, which the config then checks", () => {
    const parsed = parseStartFlags([
      "--port",
      "0",
      "--database-url=postgres://u@db/sbx",
      "--run-idle-minutes",
      "5",
    ]);
    expect(parsed).toEqual({
      help: false,
      env: { SANDBOX_PORT: "0", SANDBOX_DATABASE_URL: "postgres://u@db/sbx", SANDBOX_RUN_IDLE_MINUTES: "5" },
    });
    if (parsed.help) throw new Error("unreachable");
    const config = loadSandboxConfig({ SANDBOX_PORT: "4010", ...parsed.env });
    expect(config.port).toBe(0);
    expect(config.database).toEqual({ url: "postgres://u@db/sbx" });
    expect(config.runIdleMinutes).toBe(5);
  });

  it("refuse unknown flags, a flag without its value and stray words, naming them", () => {
    expect(() => parseStartFlags(["--prot", "1"])).toThrow(new StartFlagError("unknown flag --prot"));
    expect(() => parseStartFlags(["--port"])).toThrow(/--port needs a value \(SANDBOX_PORT\)/);
    expect(() => parseStartFlags(["--port", "--host", "x"])).toThrow(/--port needs a value/);
    expect(() => parseStartFlags(["4010"])).toThrow(/unexpected argument "4010"/);
    expect(parseStartFlags(["--port", "1", "--help"])).toEqual({ help: true });
  });

  it("list every flag with its variable in the usage", () => {
    const usage = startUsage("payorders-sandbox");
    for (const flag of START_FLAGS) expect(usage).toContain(`${flag.flag} <value>`);
    expect(usage).toMatch(
      /--run-idle-minutes <value> +How long .* \(default 60\) \[SANDBOX_RUN_IDLE_MINUTES\]/,
    );
  });
});
