import { isUuid } from "@/lib/contract/uuid";
import { routeProblem } from "@/lib/http/route-problem";

const MAX_IDS = 200;

/** The `ids` of a live-status request (comma-separated order ids), or the 400 naming what is wrong. */
export function readOrderIds(
  request: Request,
): { ok: true; ids: string[] } | { ok: false; response: Response } {
  const raw = new URL(request.url).searchParams.get("ids") ?? "";
  const ids = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = ids.find((id) => !isUuid(id));
  const refuse = (detail: string) => ({
    ok: false as const,
    response: routeProblem(400, "Bad Request", detail, [{ path: "ids", message: detail }]),
  });
  if (ids.length === 0) return refuse("ids: give at least one order id");
  if (ids.length > MAX_IDS) return refuse(`ids: at most ${MAX_IDS} order ids`);
  if (bad !== undefined) return refuse(`ids: "${bad.slice(0, 40)}" is not an order id`);
  return { ok: true, ids };
}
