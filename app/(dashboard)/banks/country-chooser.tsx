import { PlainField } from "@/components/forms/plain-field";
import styles from "./banks.module.css";
import { CHOOSER_COUNTRIES, countryName } from "./country-param";

/**
 * Two plain GET forms (no JavaScript needed): pick one of the usual countries, or type any ISO code.
 * Both submit `?country=`, so a link to /banks?country=KZ and the forms land on the same page.
 */
export function CountryChooser({
  country,
  invalidInput,
  errorId,
}: {
  /** The country shown, when valid. */
  country: string | undefined;
  /** What was typed, when it was not a valid code. */
  invalidInput: string | undefined;
  /** id of the element that explains the error, for aria-describedby. */
  errorId: string;
}) {
  const listed = country !== undefined && (CHOOSER_COUNTRIES as readonly string[]).includes(country);
  return (
    <section className={`card row ${styles.chooser}`} aria-label="Choose a country">
      <form method="get" action="/banks" className="row">
        <PlainField id="country-select" label="Country">
          {(control) => (
            <select {...control} name="country" defaultValue={listed ? country : CHOOSER_COUNTRIES[0]}>
              {CHOOSER_COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {c} — {countryName(c)}
                </option>
              ))}
            </select>
          )}
        </PlainField>
        <button type="submit" className="button-primary">
          Show banks
        </button>
      </form>
      <form method="get" action="/banks" className="row">
        <PlainField
          id="country-code"
          label="Other country (ISO code)"
          invalid={invalidInput !== undefined}
          describedBy={invalidInput !== undefined ? errorId : undefined}
        >
          {(control) => (
            <input
              {...control}
              name="country"
              placeholder="e.g. KZ"
              autoComplete="off"
              spellCheck={false}
              size={8}
              defaultValue={invalidInput ?? (listed ? "" : country)}
            />
          )}
        </PlainField>
        <button type="submit">Show</button>
      </form>
    </section>
  );
}
