import { describe, expect, it } from "vitest";
import { fieldErrorMapFromZod } from "@/lib/orders/field-errors";
import { alertChannelInputSchema, CREDENTIALS_IN_URL_MESSAGE, maskedTarget } from "./channel-schema";
import { alertRuleSettingsSchema, defaultRuleSettings } from "./rules";

const errorsOf = (input: unknown) => {
  const parsed = alertChannelInputSchema.safeParse(input);
  return parsed.success ? {} : fieldErrorMapFromZod(parsed.error);
};

describe("alert channel input", () => {
  it.each([
    "http://user:pass@hooks.example.com/x",
    "https://user@hooks.example.com/x",
    "https://:pass@hooks.example.com/x",
  ])("refuses a webhook URL carrying a user name or password (%s), naming the field", (target) => {
    expect(errorsOf({ kind: "webhook", name: "Ops", target, format: "json" })).toEqual({
      target: CREDENTIALS_IN_URL_MESSAGE,
    });
  });

  it("takes a webhook with a format, and e-mail recipients normalised", () => {
    expect(
      alertChannelInputSchema.parse({
        kind: "webhook",
        name: " Ops ",
        target: "https://hooks.example.com/x",
        format: "slack",
      }),
    ).toEqual({
      kind: "webhook",
      name: "Ops",
      target: "https://hooks.example.com/x",
      format: "slack",
      chatId: null,
    });
    expect(
      alertChannelInputSchema.parse({
        kind: "email",
        name: "Mail",
        target: "a@example.com; b@example.com  c@example.com",
      }),
    ).toMatchObject({
      kind: "email",
      format: "email",
      target: "a@example.com, b@example.com, c@example.com",
    });
  });

  it.each([
    [
      { kind: "webhook", name: "x", target: "ftp://example.com" },
      { target: "Enter an http:// or https:// URL" },
    ],
    [{ kind: "webhook", name: "x", target: "not a url" }, { target: "Enter an http:// or https:// URL" }],
    [
      { kind: "webhook", name: "x", target: "https://api.telegram.org/botT/sendMessage", format: "telegram" },
      { chatId: "Telegram-compatible bodies need a chat id" },
    ],
    [
      { kind: "email", name: "x", target: "a@example.com, nope" },
      { target: "“nope” is not an e-mail address" },
    ],
    [{ kind: "email", name: "", target: "a@example.com" }, { name: "Give the channel a name" }],
    [{ kind: "sms", name: "x", target: "1" }, { kind: "Choose webhook or e-mail" }],
  ])("refuses %j, naming the field", (input, errors) => {
    expect(errorsOf(input)).toEqual(errors);
  });

  it("shows a webhook's origin and path start only", () => {
    expect(maskedTarget("webhook", "https://hooks.slack.com/services/T000/B000/XXXXSECRET")).toBe(
      "https://hooks.slack.com/services/T0…",
    );
    expect(maskedTarget("webhook", "https://x.example/h?token=1")).toBe("https://x.example/h?…");
    expect(maskedTarget("email", "a@example.com")).toBe("a@example.com");
  });
});

describe("alert rule settings", () => {
  it("takes every rule, and refuses a threshold out of its bounds naming the rule", () => {
    const settings = {
      ...defaultRuleSettings(),
      "payment-service-errors": { enabled: true, threshold: 101 },
    };
    const parsed = alertRuleSettingsSchema.safeParse(settings);
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(fieldErrorMapFromZod(parsed.error)).toEqual({
        "payment-service-errors.threshold": "At most 100",
      });
    expect(alertRuleSettingsSchema.parse(defaultRuleSettings())).toEqual(defaultRuleSettings());
  });
});
