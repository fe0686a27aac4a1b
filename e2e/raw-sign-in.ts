import http from "node:http";
import { E2E } from "./config";

/**
 * The sign-in form posted the way a browser without JavaScript posts it, over a socket bound to a chosen
 * loopback address (127.0.0.0/8 all reaches this machine). So a test can be "another client" to the
 * server's per-IP limit without using up the allowance of 127.0.0.1, which the other specs sign in from.
 */
interface RawResponse {
  status: number;
  body: string;
}

function request(
  baseUrl: string,
  localAddress: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, localAddress, ...options },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const ENTITIES: Record<string, string> = { quot: '"', amp: "&", lt: "<", gt: ">", "#x27": "'", "#39": "'" };
const decode = (s: string) => s.replace(/&(quot|amp|lt|gt|#x27|#39);/g, (_, e: string) => ENTITIES[e] ?? "");

/** The hidden inputs of the login form (the action's id and state), as the page renders them. */
async function loginFormFields(baseUrl: string, localAddress: string): Promise<[string, string][]> {
  const page = await request(baseUrl, localAddress, "/login");
  const fields: [string, string][] = [];
  for (const m of page.body.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g))
    fields.push([decode(m[1] ?? ""), decode(m[2] ?? "")]);
  if (!fields.some(([name]) => name.startsWith("$ACTION"))) throw new Error("no action fields on /login");
  return fields;
}

export type RawSignInOutcome = "invalid" | "rate-limited" | "signed-in" | "other";

/**
 * One sign-in attempt at the e2e server, or at `baseUrl` (another instance); `headers` are added as sent
 * (e.g. a forged X-Forwarded-For).
 */
export async function rawSignIn(
  localAddress: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
  baseUrl: string = E2E.baseUrl,
): Promise<RawSignInOutcome> {
  const form = new FormData();
  for (const [name, value] of await loginFormFields(baseUrl, localAddress)) form.append(name, value);
  form.append("email", email);
  form.append("password", password);
  const encoded = new Request("http://x/", { method: "POST", body: form });
  const res = await request(baseUrl, localAddress, "/login", {
    method: "POST",
    headers: {
      "content-type": encoded.headers.get("content-type") ?? "",
      origin: baseUrl,
      ...headers,
    },
    body: Buffer.from(await encoded.arrayBuffer()),
  });
  if (res.status === 303 || res.status === 302) return "signed-in";
  if (res.body.includes("Too many sign-in attempts")) return "rate-limited";
  if (res.body.includes("Email or password is incorrect.")) return "invalid";
  return "other";
}
