import { z } from "zod";
import { anyUuid } from "@/lib/contract/uuid";
import { acceptedText } from "@/lib/contract/text";
import { ROLES } from "./roles";

/** Shared by the users admin forms and their server actions. Plain module: safe in client components. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** The one rule for a password a person chooses: a new user's initial one and every change. */
function newPasswordRule() {
  return z
    .string()
    .check(acceptedText())
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
}

export const createUserSchema = z.object({
  email: z
    .string()
    .check(acceptedText())
    .trim()
    .toLowerCase()
    .min(1, "Enter an email address")
    .max(254, "Email is too long")
    .pipe(z.email("Enter a valid email address, like name@example.com")),
  name: z.string().check(acceptedText()).trim().max(100, "Name must be at most 100 characters"),
  role: z.enum(ROLES, "Choose a role"),
  password: newPasswordRule(),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set-role"),
    userId: anyUuid("Unknown user"),
    role: z.enum(ROLES, "Choose a role"),
  }),
  z.object({ intent: z.literal("disable"), userId: anyUuid("Unknown user") }),
  z.object({ intent: z.literal("enable"), userId: anyUuid("Unknown user") }),
  z.object({ intent: z.literal("unlock"), userId: anyUuid("Unknown user") }),
]);
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** "Your account" → change password: the current one, the new one (same rule as a new user's), twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .check(acceptedText())
      .min(1, "Enter your current password")
      .max(PASSWORD_MAX, "Password is too long"),
    newPassword: newPasswordRule(),
    confirmPassword: z.string().check(acceptedText()),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword === v.currentPassword)
      ctx.addIssue({
        code: "custom",
        path: ["newPassword"],
        message: "The new password must differ from the current one",
      });
    if (v.confirmPassword !== v.newPassword)
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: "The two new passwords don't match",
      });
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const resetPasswordSchema = z.object({ userId: anyUuid("Unknown user") });

/** Checked before anything touches the database: the text rule (lib/contract/text.ts) comes first. */
export const signInSchema = z.object({
  email: z.string().check(acceptedText()).trim().min(1, "Enter your email").max(254, "Email is too long"),
  password: z
    .string()
    .check(acceptedText())
    .min(1, "Enter your password")
    .max(PASSWORD_MAX, "Password is too long"),
});
