/** Bank record (spec 2.6) and the banks query (spec 4.3). */
import { z } from "zod";
import { countryCode } from "./fields";

export const bankSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    alpha2: z.string().length(2),
    nspk: z.string(),
  })
  .meta({
    description: "A bank record; `id` is usable as `bankId`, `nspk` is its fast-payment system code.",
  });
export type Bank = z.infer<typeof bankSchema>;

export const bankListSchema = z
  .array(bankSchema)
  .meta({ description: "The banks of one country; `[]` for a well-formed country with none." });

export const banksQuerySchema = z.object({
  country: z
    .string({ error: "Required: an ISO 3166-1 alpha-2 country code (e.g. RU)" })
    .regex(/^[A-Z]{2}$/, "Must be an ISO 3166-1 alpha-2 country code: two capital letters (e.g. RU)")
    .pipe(countryCode),
});

/** What a bank's national code is called in each country's payment system (the directory's `code`). */
export function bankCodeLabel(country: string): string {
  switch (country) {
    case "RU":
      return "SBP member id";
    case "BR":
      return "ISPB";
    case "KZ":
      return "BIC";
    default:
      return "Bank code";
  }
}
