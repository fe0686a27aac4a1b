import { describe, expect, it } from "vitest";
import { AWAITING_APPROVAL_HREF, isActivePath, navItemsFor } from "./nav-items";

describe("navigation by role", () => {
  it.each([
    [
      "admin",
      [
        "Overview",
        "Orders",
        "Awaiting approval",
        "Insights",
        "Callbacks",
        "Request log",
        "Cases",
        "Alerts",
        "New pay-in",
        "New pay-out",
        "Pay-out files",
        "Banks",
        "Users",
        "Settings",
      ],
    ],
    [
      "operator",
      [
        "Overview",
        "Orders",
        "Insights",
        "Callbacks",
        "Request log",
        "Cases",
        "Alerts",
        "New pay-in",
        "New pay-out",
        "Pay-out files",
        "Banks",
      ],
    ],
    [
      "approver",
      [
        "Overview",
        "Orders",
        "Awaiting approval",
        "Insights",
        "Callbacks",
        "Request log",
        "Cases",
        "Alerts",
        "Pay-out files",
        "Banks",
      ],
    ],
    [
      "viewer",
      [
        "Overview",
        "Orders",
        "Insights",
        "Callbacks",
        "Request log",
        "Cases",
        "Alerts",
        "Pay-out files",
        "Banks",
      ],
    ],
  ] as const)("%s sees %j", (role, labels) => {
    expect(navItemsFor(role).map((i) => i.label)).toEqual(labels);
  });

  it.each([
    ["/", "/", true],
    ["/", "/orders", false],
    ["/orders", "/orders", true],
    ["/orders", "/orders/123", true],
    ["/orders", "/orders-export", false],
    ["/payins/new", "/payouts/new", false],
    // The approvers' view of the orders list: Orders is the current section there.
    [AWAITING_APPROVAL_HREF, "/orders", false],
  ])("%s is active on %s: %s", (href, pathname, active) => {
    expect(isActivePath(href, pathname)).toBe(active);
  });
});
