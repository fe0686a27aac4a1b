"use server";

import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { revalidatePath } from "next/cache";
import { ACCOUNT_PATH } from "@/lib/auth/account-path";
import { registerPasskey } from "@/lib/auth/second-factor/factors";
import { registerPasskeySchema } from "@/lib/auth/second-factor/schemas";
import { runtime } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/**
 * Your account → Add passkey, part two: the browser's answer, verified and saved under its name (its
 * challenge, issued only after the step-up, carries that proof).
 */
export const registerPasskeyAction = defineAction({
  access: "signed-in",
  args: [registerPasskeySchema],
  handler: async ({ user }, { name, response }): Promise<ActionResult<{ recoveryCodes?: string[] }>> => {
    const result = await registerPasskey(
      await runtime().secondFactorDeps(),
      user,
      // Validated in outline by the schema, in depth by @simplewebauthn/server.
      { name, response: response as unknown as RegistrationResponseJSON },
      new Date(),
    );
    if (result.ok) revalidatePath(ACCOUNT_PATH);
    return result;
  },
});
