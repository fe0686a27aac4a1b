"use client";

import { useActionState, useSyncExternalStore } from "react";
import { PlainField } from "@/components/forms/plain-field";
import { CopyButton } from "@/components/copy-button/copy-button";
import type { ActionResult } from "@/lib/actions/action-result";
import { deleteViewAction, type SaveViewResult, saveViewAction } from "@/lib/actions/saved-view-actions";
import { type SavedView, VIEW_NAME_MAX } from "@/lib/orders/saved-views";
import styles from "./orders.module.css";

export interface SavedViewBarProps {
  /** The signed-in user's views. */
  views: readonly SavedView[];
  /** The list's filters as a canonical query string ("" when none). */
  query: string;
  /** Whether these filters can be saved (some are set, none refused). */
  savable: boolean;
}

/**
 * Under the filters: the saved view these filters are (its name, a link to share, Delete), or a form to save
 * them under a name. Both forms post without JavaScript too.
 */
export function SavedViewBar({ views, query, savable }: SavedViewBarProps) {
  const current = views.find((v) => v.query === query);
  if (current) return <CurrentView view={current} />;
  return savable ? <SaveViewForm query={query} /> : null;
}

const noSubscription = () => () => {};
const LINK_TEXTS = { copy: "Copy link", copied: "Link copied ✓", failed: "Could not copy" };

function CurrentView({ view }: { view: SavedView }) {
  const [state, action, pending] = useActionState<ActionResult | null, FormData>(deleteViewAction, null);
  // The link to share is absolute: the address this dashboard is reached at, as the browser sees it.
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
  return (
    <section className={`card ${styles.viewBar}`} aria-label="Current saved view">
      <p className={styles.viewName}>
        Saved view <strong>{view.name}</strong>
      </p>
      <CopyButton
        value={`${origin}/orders?${view.query}`}
        label={`of the view ${view.name}`}
        texts={LINK_TEXTS}
        copyId="view-link"
      />
      <form action={action}>
        <input type="hidden" name="viewId" value={view.id} />
        <button type="submit" className="button-small" disabled={pending}>
          {pending ? "Deleting…" : "Delete view"}
        </button>
      </form>
      <StatusLine state={state} />
    </section>
  );
}

function SaveViewForm({ query }: { query: string }) {
  const [state, action, pending] = useActionState<SaveViewResult | null, FormData>(saveViewAction, null);
  const nameError = state?.fieldErrors?.name;
  const queryError = state?.fieldErrors?.query;
  return (
    <form action={action} className={`card ${styles.viewBar}`} aria-label="Save a view">
      <input type="hidden" name="query" value={query} />
      <PlainField
        id="view-name"
        label="Save these filters as a view"
        error={nameError}
        className={styles.viewNameField}
      >
        {(control) => (
          <input
            {...control}
            name="name"
            maxLength={VIEW_NAME_MAX}
            placeholder="e.g. Failed pay-outs this week"
            defaultValue={state?.values?.name ?? ""}
            key={state?.values?.name}
            required
          />
        )}
      </PlainField>
      <button type="submit" className="button" disabled={pending}>
        {pending ? "Saving…" : "Save view"}
      </button>
      {queryError ? (
        <p className="field-error" role="alert">
          {queryError}
        </p>
      ) : null}
      <StatusLine state={state} />
    </form>
  );
}

function StatusLine({ state }: { state: ActionResult | null }) {
  return (
    <p role="status" aria-live="polite" className={state?.ok ? styles.viewOk : styles.viewFail}>
      {state?.message ?? ""}
    </p>
  );
}
