import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { orderListRow } from "@/lib/testing/order-list-row";
import { OrdersTable } from "./orders-table";

describe("the orders table", () => {
  test("shows each order's stored currency beside its amount, not its country's", () => {
    const row = orderListRow();
    const html = renderToStaticMarkup(<OrdersTable rows={[row]} caption="Orders" />);
    const text = html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("999.99 RUB");
    expect(text).not.toContain("KZT");
  });
});
