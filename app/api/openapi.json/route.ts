import { dashboardApiDocument } from "../openapi";

export const dynamic = "force-static";

/** GET /api/openapi.json: the OpenAPI 3.1 document of the dashboard's JSON routes (app/api/openapi.ts). */
export function GET(): Response {
  return Response.json(dashboardApiDocument());
}
