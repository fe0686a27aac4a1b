"use server";

import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { ANY_ROLE } from "@/lib/auth/roles";
import { passkeyAssertionSchema } from "@/lib/auth/second-factor/schemas";
import { stepUpWithPasskey } from "@/lib/auth/step-up";
import { runtime } from "@/lib/runtime";
import type { ActionResult } from "./action-result";
import { defineAction } from "./define-action";

/** Step-up with a passkey, part two: verified, this session's second factor is fresh for five minutes. */
export const stepUpPasskeyAction = defineAction({
  access: ANY_ROLE,
  args: [passkeyAssertionSchema],
  handler: async ({ user }, { response }): Promise<ActionResult> =>
    // Validated in outline by the schema, in depth by @simplewebauthn/server.
    stepUpWithPasskey(
      await runtime().secondFactorDeps(),
      user,
      response as unknown as AuthenticationResponseJSON,
    ),
});
