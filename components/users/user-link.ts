/** Where the activity log's links go: a user's row on /users (its id anchor), an order's or a callback's page. */
export function userAnchor(userId: string): string {
  return `user-${userId}`;
}

export function userHref(userId: string): string {
  return `/users#${userAnchor(userId)}`;
}

export function orderHref(orderId: string): string {
  return `/orders/${orderId}`;
}

export function callbackHref(deliveryId: string): string {
  return `/callbacks/${deliveryId}`;
}

export function batchHref(batchId: string): string {
  return `/payouts/batches/${batchId}`;
}
