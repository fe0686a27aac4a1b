import { samplePayinRequest } from "payorders-sandbox-kit";
import { expect, test } from "payorders-sandbox-kit/playwright";

// `sandboxRun`: an account of this test's own at the sandbox (its orders, clock and request log), ended
// after the test. `samplePayinRequest` builds a valid request; overrides deep-merge into it.
test("a pay-in the customer pays", async ({ sandboxRun }) => {
  const order = await sandboxRun.createPayin(samplePayinRequest("SBP", { amount: 1500 }));
  expect(order.status).toBe("In progress");

  const paid = await sandboxRun.markPaid(order.id);
  expect(paid.status).toBe("Success");
});
