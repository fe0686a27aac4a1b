import { renderToStaticMarkup } from "react-dom/server";
import { createFormControl, FormProvider, useForm } from "react-hook-form";
import { describe, expect, test } from "vitest";
import { FILTER_ERRORS_ID } from "./filter-errors";
import { filterFieldsFor, SearchFilter } from "./filter-fields";
import { FieldFrame } from "./field";
import { PlainField, type PlainFieldProps } from "./plain-field";

const field = (props: Omit<PlainFieldProps, "children">) =>
  renderToStaticMarkup(
    <PlainField {...props}>{(control) => <input {...control} name="email" />}</PlainField>,
  );

/** The attributes of the first tag matching `tag` (e.g. "input"), by name. */
function attrs(html: string, tag: string): Record<string, string> {
  const found = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  if (!found) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries([...(found[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

describe("PlainField", () => {
  test("the label names the control by its id; a valid field carries no ARIA error state", () => {
    const html = field({ id: "email", label: "Email" });
    expect(attrs(html, "label").for).toBe("email");
    expect(attrs(html, "input")).toEqual({ name: "email", id: "email" });
    expect(html).not.toContain("field-error");
  });

  test("an error is shown under the control, marks it invalid and describes it before the warning and hint", () => {
    const html = field({
      id: "new-user-password",
      label: "Initial password",
      error: "Too short",
      warning: "Easy to guess",
      hint: "At least 12 characters.",
    });
    const input = attrs(html, "input");
    expect(input["aria-invalid"]).toBe("true");
    expect(input["aria-describedby"]).toBe(
      "new-user-password-error new-user-password-warning new-user-password-hint",
    );
    expect(html).toContain('<span id="new-user-password-error" class="field-error">Too short</span>');
    expect(html).toContain('<span id="new-user-password-warning" class="field-warning">Easy to guess</span>');
    expect(html).toContain('<span id="new-user-password-hint" class="hint">At least 12 characters.</span>');
    // The error comes first on screen too.
    expect(html.indexOf("Too short")).toBeLessThan(html.indexOf("At least 12"));
  });

  test("a hint alone describes the control without making it invalid", () => {
    const input = attrs(field({ id: "x", label: "X", hint: "Some help" }), "input");
    expect(input["aria-describedby"]).toBe("x-hint");
    expect(input).not.toHaveProperty("aria-invalid");
  });

  test("an error told elsewhere: invalid, described by that element, no line of its own", () => {
    const html = field({ id: "f-country", label: "Country", invalid: true, describedBy: FILTER_ERRORS_ID });
    expect(attrs(html, "input")).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": FILTER_ERRORS_ID,
    });
    expect(html).not.toContain("f-country-error");
  });

  test("other describing ids follow the field's own lines", () => {
    const input = attrs(
      field({ id: "q", label: "Search", hint: "Name or id", describedBy: "count" }),
      "input",
    );
    expect(input["aria-describedby"]).toBe("q-hint count");
  });

  test("optional fields say so after the label; a class and data-field go on the wrapper", () => {
    const html = field({ id: "f-name", label: "Name", optional: true, className: "wide", field: "name" });
    expect(html).toMatch(
      /^<div class="field wide" data-field="name"><label for="f-name">Name<span[^>]*> \(optional\)<\/span><\/label>/,
    );
  });

  test("a checkbox: the label wraps the control, its text after it", () => {
    const html = renderToStaticMarkup(
      <PlainField id="r-banks" label="Show bank-directory reads" checkbox>
        {(control) => <input {...control} type="checkbox" name="banks" />}
      </PlainField>,
    );
    expect(html).toBe(
      '<div class="field"><label class="checkbox" for="r-banks"><input id="r-banks" type="checkbox" name="banks"/><span>Show bank-directory reads</span></label></div>',
    );
  });
});

/** A form made outside React, so that its error is set before rendering. */
const clientForm = () =>
  createFormControl<{ client: { email: string } }>({ defaultValues: { client: { email: "x" } } });

/** A react-hook-form field over that form. */
function ClientEmail({ formControl }: { formControl: ReturnType<typeof clientForm>["formControl"] }) {
  const form = useForm({ formControl });
  return (
    <FormProvider {...form}>
      <FieldFrame name="client.email" label="Client email" hint="Where receipts go.">
        {(control) => <input {...control} />}
      </FieldFrame>
    </FormProvider>
  );
}

describe("the react-hook-form field renders through PlainField", () => {
  test("an error from the form is shown exactly as a plain field shows it", () => {
    const { formControl, setError } = clientForm();
    setError("client.email", { type: "server", message: "Must be an email address" });
    const plain = renderToStaticMarkup(
      <PlainField
        id="f-client-email"
        field="client.email"
        label="Client email"
        hint="Where receipts go."
        error="Must be an email address"
      >
        {(control) => <input {...control} aria-required />}
      </PlainField>,
    );
    expect(renderToStaticMarkup(<ClientEmail formControl={formControl} />)).toBe(plain);
    expect(attrs(plain, "input")["aria-describedby"]).toBe("f-client-email-error f-client-email-hint");
  });
});

describe("the filter forms' search field", () => {
  test("a refused search points at the list of refused filters; an accepted one does not", () => {
    const field = filterFieldsFor<"q" | "order">("s", [{ field: "q" }]);
    const search = (name: "q" | "order") =>
      renderToStaticMarkup(<SearchFilter {...field(name)} label="Search" value="ab" placeholder="id" />);
    expect(attrs(search("q"), "input")).toEqual({
      id: "s-q",
      "aria-invalid": "true",
      "aria-describedby": FILTER_ERRORS_ID,
      name: "q",
      type: "search",
      placeholder: "id",
      value: "ab",
    });
    expect(attrs(search("order"), "input")).toEqual({
      id: "s-order",
      name: "order",
      type: "search",
      placeholder: "id",
      value: "ab",
    });
  });
});
