import { expect, test as setup } from "@playwright/test";
import { E2E } from "./config";

/** Signs in once as the bootstrap admin of the project's instance and saves the session for the other tests. */
setup("sign in as admin", async ({ page, baseURL }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(E2E.admin.email);
  await page.getByLabel("Password").fill(E2E.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const instance = baseURL === E2E.wide.baseUrl ? E2E.wide : E2E;
  await page.context().storageState({ path: instance.adminStorageState });
});
