/** Bank record (spec 2.6) and the banks query (spec 4.3). */
import { z } from "zod";
import { countryCode } from "./fields";

export const bankSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alpha2: z.string().length(2),
  nspk: z.string(),
});
export type Bank = z.infer<typeof bankSchema>;

export const bankListSchema = z.array(bankSchema);

export const banksQuerySchema = z.object({
  country: z
    .string({ error: "Required: an ISO 3166-1 alpha-2 country code (e.g. RU)" })
    .regex(/^[A-Z]{2}$/, "Must be an ISO 3166-1 alpha-2 country code: two capital letters (e.g. RU)")
    .pipe(countryCode),
});
