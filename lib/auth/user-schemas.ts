import { z } from "zod";
import { acceptedText } from "@/lib/contract/text";
import { ROLES } from "./roles";

/** Shared by the users admin forms and their server actions. Plain module: safe in client components. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

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
  password: z
    .string()
    .check(acceptedText())
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("set-role"),
    userId: z.uuid("Unknown user"),
    role: z.enum(ROLES, "Choose a role"),
  }),
  z.object({ intent: z.literal("disable"), userId: z.uuid("Unknown user") }),
  z.object({ intent: z.literal("enable"), userId: z.uuid("Unknown user") }),
  z.object({ intent: z.literal("unlock"), userId: z.uuid("Unknown user") }),
]);
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** Checked before anything touches the database: the text rule (lib/contract/text.ts) comes first. */
export const signInSchema = z.object({
  email: z.string().check(acceptedText()).trim().min(1, "Enter your email").max(254, "Email is too long"),
  password: z
    .string()
    .check(acceptedText())
    .min(1, "Enter your password")
    .max(PASSWORD_MAX, "Password is too long"),
});
