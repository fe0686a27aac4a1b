import "server-only";
import type { CurrentUser } from "@/lib/auth/types";
import { runtime } from "@/lib/runtime";

/** What the order actions hand to lib/orders/submit: this dashboard's database and service, and who asks. */
export function orderDeps(user: CurrentUser) {
  return runtime().submitDeps(user.id);
}
