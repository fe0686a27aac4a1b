/**
 * The `paths` of the document, generated from the route definitions (createRoute) the sandbox serves. A zod
 * schema that is a named component becomes a `$ref` to it; any other is converted by zod's own JSON Schema
 * output, the same as the components (so a refinement's keywords in `.meta()` carry over alike). Plain JSON
 * Schema (the operator page's form and HTML) is passed through.
 */
import type { RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import { componentIdOf, type Json, ref } from "./components";

const LOCATIONS = { params: "path", query: "query", headers: "header" } as const;

/** A schema's JSON Schema: its component's `$ref`, or its own conversion (`io`: what the client sends). */
function schemaJson(schema: unknown, io: "input" | "output"): unknown {
  if (!(schema instanceof z.ZodType)) return schema;
  const id = componentIdOf(schema);
  if (id) return ref(id);
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as Json;
  return rest;
}

/**
 * One parameter per key of a params, query or headers object. Parameters arrive as text, so each is
 * documented as what it is read as (zod's output; a piped one as the component it ends in).
 */
function parameters(request: RouteConfig["request"]): Json[] {
  const out: Json[] = [];
  for (const [key, location] of Object.entries(LOCATIONS)) {
    const object = request?.[key as keyof typeof LOCATIONS];
    if (!(object instanceof z.ZodObject)) continue;
    for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
      const piped = field instanceof z.ZodPipe ? (field.out as z.ZodType) : undefined;
      const documented = piped && componentIdOf(piped) ? piped : field;
      const { description: schemaDescription, ...schema } = schemaJson(documented, "output") as Json;
      const description = field.description ?? schemaDescription;
      out.push({
        name,
        in: location,
        required: location === "path" || !field.safeParse(undefined).success,
        ...(description ? { description } : {}),
        schema,
      });
    }
  }
  return out;
}

function content(media: Record<string, unknown> | undefined, io: "input" | "output"): Json | undefined {
  if (!media) return undefined;
  return Object.fromEntries(
    Object.entries(media).map(([type, entry]) => {
      const { schema, ...rest } = entry as Json;
      return [type, schema === undefined ? rest : { schema: schemaJson(schema, io), ...rest }];
    }),
  );
}

function operation(route: RouteConfig): Json {
  const {
    method: _m,
    path: _p,
    request,
    responses,
    middleware: _mw,
    hide: _h,
    ...described
  } = route as RouteConfig & { middleware?: unknown; hide?: boolean };
  const params = parameters(request);
  const body = request?.body;
  return {
    ...described,
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body
      ? { requestBody: { ...body, content: content(body.content as Record<string, unknown>, "input") } }
      : {}),
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => {
        if ("$ref" in response) return [status, response];
        const media = content(response.content as Record<string, unknown> | undefined, "output");
        return [status, { ...response, ...(media ? { content: media } : {}) }];
      }),
    ),
  };
}

/** The OpenAPI paths object of these routes: `{path: {method: operation}}`. */
export function pathsFromRoutes(routes: readonly RouteConfig[]): Record<string, Record<string, Json>> {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    const item = paths[route.path] as Record<string, Json>;
    if (item[route.method]) throw new Error(`Two definitions of ${route.method} ${route.path}`);
    item[route.method] = operation(route);
  }
  return paths;
}
