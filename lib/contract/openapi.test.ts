import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  bankSchema,
  callbackPayloadSchema,
  COUNTRY_CODES,
  countryCode,
  PAYOUT_METHOD_INFO,
  PAYOUT_METHODS,
  payinClientSchema,
  payinRequestSchema,
  payoutClientSchema,
  payoutDetailsSchema,
  payoutRequestSchema,
  problemSchema,
  sandboxOrderSchema,
  sandboxStatusChangeSchema,
} from "./index";
import { buildOpenApiDocument } from "./openapi";

type Json = Record<string, unknown>;
const doc = buildOpenApiDocument();
const roundTripped = JSON.parse(JSON.stringify(doc)) as Json;

function at(value: unknown, ...path: string[]): Json {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== "object" || current === null) throw new Error(`no ${path.join(".")}`);
    current = (current as Json)[key];
  }
  if (typeof current !== "object" || current === null) throw new Error(`no object at ${path.join(".")}`);
  return current as Json;
}
const schemas = at(roundTripped, "components", "schemas");

/** The keys a zod object requires: those for which `undefined` is not accepted. */
function zodRequired(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key)
    .sort();
}
const jsonRequired = (schema: Json) => [...((schema.required as string[] | undefined) ?? [])].sort();

describe("OpenAPI document", () => {
  test("is plain JSON (nothing lost in a round trip) and OpenAPI 3.1", () => {
    expect(roundTripped).toEqual(doc);
    expect(roundTripped.openapi).toMatch(/^3\.1\.\d+$/);
    expect(at(roundTripped, "info").version).toBe("v1");
  });

  test.each([
    ["/api/v1/payin/create", "post"],
    ["/api/v1/payout/create", "post"],
    ["/api/v1/bank/available", "get"],
    ["/sandbox/orders/{id}/status", "post"],
    ["/sandbox/orders/{id}", "get"],
  ])("has %s %s", (path, method) => {
    const operation = at(roundTripped, "paths", path, method);
    expect(operation.summary).toEqual(expect.any(String));
    expect(at(operation, "responses")["200"]).toBeDefined();
  });

  test.each([
    ["/api/v1/payin/create", "post", ["200", "400", "401", "409", "413", "415", "429", "500"]],
    ["/api/v1/payout/create", "post", ["200", "400", "401", "409", "413", "415", "429", "500"]],
    ["/api/v1/bank/available", "get", ["200", "400", "401", "429", "500"]],
    // 429: every signed route throttles wrong signatures (lib/sandbox/auth-throttle.ts).
    ["/sandbox/orders/{id}/status", "post", ["200", "400", "401", "404", "409", "413", "415", "429"]],
    ["/sandbox/orders/{id}", "get", ["200", "401", "404", "429"]],
    ["/sandbox/clock", "delete", ["200", "401", "429"]],
  ])("%s %s documents responses %j, errors as problem+json", (path, method, codes) => {
    const responses = at(roundTripped, "paths", path, method, "responses");
    expect(Object.keys(responses).sort()).toEqual([...codes].sort());
    for (const code of codes.filter((c) => c !== "200")) {
      const target = String(at(responses, code).$ref).replace("#/components/responses/", "");
      const response = at(roundTripped, "components", "responses", target);
      expect(at(response, "content", "application/problem+json", "schema")).toEqual({
        $ref: "#/components/schemas/Problem",
      });
    }
  });

  test("every $ref resolves", () => {
    const refs: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (typeof value === "object" && value !== null) {
        for (const [k, v] of Object.entries(value)) {
          if (k === "$ref" && typeof v === "string") refs.push(v);
          else walk(v);
        }
      }
    };
    walk(roundTripped);
    expect(refs.length).toBeGreaterThan(20);
    for (const r of refs) {
      expect(r.startsWith("#/")).toBe(true);
      expect(() => at(roundTripped, ...r.slice(2).split("/"))).not.toThrow();
    }
  });

  test("security: X-Client-Id and X-Signature headers, described, required by default", () => {
    const schemes = at(roundTripped, "components", "securitySchemes");
    expect(at(schemes, "ClientId")).toMatchObject({ type: "apiKey", in: "header", name: "X-Client-Id" });
    expect(at(schemes, "Signature")).toMatchObject({ type: "apiKey", in: "header", name: "X-Signature" });
    expect(String(at(schemes, "Signature").description)).toMatch(/HMAC-SHA256.*raw.*body.*path.*query/s);
    expect(roundTripped.security).toEqual([{ ClientId: [], Signature: [] }]);
  });

  test("the callback is an OpenAPI 3.1 webhook with both signature styles", () => {
    const hook = at(roundTripped, "webhooks", "orderStatusChanged", "post");
    expect(at(hook, "requestBody", "content", "application/json", "schema")).toEqual({
      $ref: "#/components/schemas/CallbackPayload",
    });
    const headers = (hook.parameters as Json[]).map((p) => p.name);
    expect(headers).toEqual([
      "x-client-id",
      "x-signature",
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
    ]);
  });

  test.each([
    ["PayinRequest", payinRequestSchema],
    ["PayoutRequest", payoutRequestSchema],
    ["CallbackPayload", callbackPayloadSchema],
    ["Bank", bankSchema],
    ["Problem", problemSchema],
    ["SandboxStatusChange", sandboxStatusChangeSchema],
    ["SandboxOrder", sandboxOrderSchema],
  ] as const)("%s requires exactly what the zod schema requires", (id, schema) => {
    const json = at(schemas, id);
    expect(jsonRequired(json)).toEqual(zodRequired(schema));
    expect(Object.keys(at(json, "properties")).sort()).toEqual(Object.keys(schema.shape).sort());
  });

  test("paymentId is required in both requests", () => {
    expect(at(schemas, "PayinRequest").required).toContain("paymentId");
    expect(at(schemas, "PayoutRequest").required).toContain("paymentId");
  });

  test.each([
    ["PayinRequest", payinClientSchema],
    ["PayoutRequest", payoutClientSchema],
  ] as const)("%s.client requires exactly what the zod schema requires", (id, schema) => {
    expect(jsonRequired(at(schemas, id, "properties", "client"))).toEqual(zodRequired(schema));
  });

  test("payoutDetails lists every detail field", () => {
    expect(
      Object.keys(at(schemas, "PayoutRequest", "properties", "payoutDetails", "properties")).sort(),
    ).toEqual(Object.keys(payoutDetailsSchema.shape).sort());
  });

  test.each(PAYOUT_METHODS)("the pay-out rules of %s are in allOf, from the method table", (method) => {
    const info = PAYOUT_METHOD_INFO[method];
    const clauses = at(schemas, "PayoutRequest").allOf as Json[];
    const clause = clauses.find((c) => at(c, "if", "properties", "paymentMethod").const === method);
    if (!clause) throw new Error(`no clause for ${method}`);
    const then = at(clause, "then");
    const details = (then.properties as Json | undefined)?.payoutDetails as Json | undefined;
    expect(details?.required ?? []).toEqual(info.requiredDetails);
    const client = (then.properties as Json | undefined)?.client as Json | undefined;
    expect(((client?.required as string[] | undefined) ?? []).includes("tin")).toBe(info.requiresTin);
    expect(((client?.required as string[] | undefined) ?? []).includes("phone")).toBe(
      info.requiresClientPhone,
    );
    expect(then.not === undefined).toBe(info.usesBankId);
    expect(String(at(schemas, "PayoutRequest").description)).toContain(`| ${method} |`);
  });

  test("what refinements check is carried as keywords", () => {
    expect((at(schemas, "CountryCode").enum as string[]).length).toBe(COUNTRY_CODES.size);
    expect(at(schemas, "PayinRequest", "properties", "amount")).toMatchObject({
      type: "number",
      exclusiveMinimum: 0,
      multipleOf: 0.01,
    });
    expect(at(schemas, "NspkQrBankDetails", "properties", "qr").anyOf).toEqual([
      { required: ["url"] },
      { required: ["code"] },
    ]);
    expect(at(schemas, "PixQrBankDetails", "properties", "qr").required).toEqual(["code"]);
    expect(
      String(at(schemas, "PayoutRequest", "properties", "payoutDetails", "properties", "ccNo").description),
    ).toMatch(/Luhn/);
  });

  test("the request examples are the contract's samples and pass the zod schemas", () => {
    const payinExamples = at(
      roundTripped,
      "paths",
      "/api/v1/payin/create",
      "post",
      "requestBody",
      "content",
      "application/json",
      "examples",
    );
    const payoutExamples = at(
      roundTripped,
      "paths",
      "/api/v1/payout/create",
      "post",
      "requestBody",
      "content",
      "application/json",
      "examples",
    );
    expect(Object.keys(payinExamples)).toHaveLength(7);
    expect(Object.keys(payoutExamples)).toHaveLength(7);
    for (const example of Object.values(payinExamples)) {
      expect(payinRequestSchema.safeParse((example as Json).value).success).toBe(true);
    }
    for (const example of Object.values(payoutExamples)) {
      expect(payoutRequestSchema.safeParse((example as Json).value).success).toBe(true);
    }
  });

  test("servers are listed when a URL is given", () => {
    expect(buildOpenApiDocument({ serverUrl: "http://127.0.0.1:4010" }).servers).toEqual([
      { url: "http://127.0.0.1:4010" },
    ]);
    expect(doc.servers).toBeUndefined();
  });

  test("component schemas carry no per-document $schema/$id and each has a description", () => {
    for (const [id, schema] of Object.entries(schemas)) {
      expect(schema, id).not.toHaveProperty("$schema");
      expect(schema, id).not.toHaveProperty("$id");
      expect(typeof (schema as Json).description, id).toBe("string");
    }
  });

  test("every property of both requests, nested ones too, is described", () => {
    const undescribed: string[] = [];
    const walk = (schema: Json, path: string) => {
      for (const [name, property] of Object.entries((schema.properties as Json | undefined) ?? {})) {
        const p = property as Json;
        if (typeof p.description !== "string" || p.description.length === 0) undescribed.push(path + name);
        walk(p, `${path}${name}.`);
      }
    };
    for (const id of ["PayinRequest", "PayoutRequest"]) walk(at(schemas, id), `${id}.`);
    expect(undescribed).toEqual([]);
  });

  test("descriptions come from the schemas' own metadata: one source", () => {
    expect(at(schemas, "CountryCode").description).toBe(countryCode.description);
    expect(at(schemas, "Problem").description).toBe(problemSchema.description);
    expect(at(schemas, "PayoutRequest").description).toBe(payoutRequestSchema.description);
    const client = at(schemas, "PayinRequest", "properties", "client");
    expect(client.description).toBe(payinClientSchema.description);
    expect(at(client, "properties", "id").description).toBe(payinClientSchema.shape.id.description);
    // A field's meaning comes before its format's own description.
    expect(payinClientSchema.shape.id.description).toMatch(/^Unique id of the client.* A UUID version 4\.$/);
  });
});

test("zod's JSON Schema output of a refinement-only schema is still a string (sanity of the approach)", () => {
  expect(
    z.toJSONSchema(
      z.string().refine(() => true),
      { io: "input" },
    ),
  ).toMatchObject({ type: "string" });
});
