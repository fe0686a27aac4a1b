"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import {
  type FieldValues,
  get,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";

/**
 * react-hook-form over a zod schema: the form's values are the schema's input, the submit handler gets its
 * output. Validates on submit, then again on every change of a field that has an error.
 */
export function useZodForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: "onSubmit",
    reValidateMode: "onChange",
    // Keep the values of fields a method switch hides: switching back finds them again (the schema's
    // transform leaves them out of the request).
    shouldUnregister: false,
    ...props,
    resolver: unionMessagesKept(schema, zodResolver(schema)),
  });
}

/**
 * The zod resolver reports a union's error with its first branch's message ("expected string, received
 * undefined") instead of the union's own (the contract's "Required: an IPv4 or IPv6 address"); put those back.
 */
function unionMessagesKept<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
  base: Resolver<z.input<S>, unknown, z.output<S>>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const parsed = await schema.safeParseAsync(values);
    for (const issue of parsed.error?.issues ?? []) {
      if (issue.code !== "invalid_union") continue;
      const error = get(result.errors, issue.path.map(String).join(".")) as { message?: string } | undefined;
      if (error) error.message = issue.message;
    }
    return result;
  };
}
