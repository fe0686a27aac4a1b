"use client";

import { useId, useState } from "react";
import { FormStatus } from "@/components/forms/form-status";
import { useFormAction } from "@/components/forms/use-form-action";
import {
  addAlertChannelAction,
  removeAlertChannelAction,
  testAlertChannelAction,
} from "@/lib/actions/alert-settings-actions";
import { MAX_RECIPIENTS, WEBHOOK_FORMAT_LABELS, type WebhookFormat } from "@/lib/alerts/channel-schema";
import styles from "./alerts.module.css";

/** A channel as Settings lists it (a webhook's URL masked by the page). */
export interface ChannelView {
  id: string;
  kind: "webhook" | "email";
  name: string;
  target: string;
  format: string;
}

const FORMAT_TEXT: Record<string, string> = { ...WEBHOOK_FORMAT_LABELS, email: "E-mail" };

/** Settings → Alert channels: the list with Send test and Remove, and a form to add one (admins). */
export function AlertChannels({
  channels,
  smtpConfigured,
}: {
  channels: ChannelView[];
  smtpConfigured: boolean;
}) {
  const id = useId();
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Alert channels</h2>
      <p className={`muted ${styles.flush}`}>
        Where alerts are sent when raised and when resolved: a webhook (JSON, or a body Slack or Telegram
        accepts) or e-mail.{" "}
        {smtpConfigured
          ? "E-mail goes through the SMTP server of SMTP_URL."
          : "E-mail needs SMTP_URL set on the server: until then e-mail channels fail."}
      </p>
      {channels.length === 0 ? (
        <p className={styles.flush}>No channels yet: alerts are only shown on the Alerts page.</p>
      ) : (
        <ul className={styles.channels} aria-label="Channels">
          {channels.map((c) => (
            <li key={c.id} className={styles.channel}>
              <div>
                <strong>{c.name}</strong> · {FORMAT_TEXT[c.format] ?? c.format}
                <div className={`muted ${styles.target}`}>{c.target}</div>
              </div>
              <ChannelButtons channel={c} />
            </li>
          ))}
        </ul>
      )}
      <AddChannelForm />
    </section>
  );
}

function ChannelButtons({ channel }: { channel: ChannelView }) {
  const { status, pending, run } = useFormAction({ refreshOnRefusal: true });
  return (
    <div className={styles.buttons}>
      <button
        type="button"
        className="button-small"
        disabled={pending}
        aria-label={`Send test to ${channel.name}`}
        onClick={() => run(() => testAlertChannelAction({ channelId: channel.id }), { busy: "Sending…" })}
      >
        Send test
      </button>
      <button
        type="button"
        className="button-small button-danger"
        disabled={pending}
        aria-label={`Remove ${channel.name}`}
        onClick={() => run(() => removeAlertChannelAction({ channelId: channel.id }), { busy: "Removing…" })}
      >
        Remove
      </button>
      <FormStatus status={status} testId="alert-channel-status" />
    </div>
  );
}

function AddChannelForm() {
  const id = useId();
  const [kind, setKind] = useState<"webhook" | "email">("webhook");
  const [format, setFormat] = useState<WebhookFormat>("json");
  const [name, setName] = useState("");
  const [target, setTarget] = useState("");
  const [chatId, setChatId] = useState("");
  const { errors, status, pending, run } = useFormAction();

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    run(
      () => addAlertChannelAction({ kind, name, target, format, chatId }),
      { done: "Added.", notDone: "Not added." },
      () => {
        setName("");
        setTarget("");
        setChatId("");
      },
    );
  }

  const field = (key: string, label: string, input: React.ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {input}
      {hint ? <span className="hint">{hint}</span> : null}
      {errors[key] ? (
        <span id={`${id}-${key}-error`} className="field-error">
          {errors[key]}
        </span>
      ) : null}
    </div>
  );
  const invalid = (key: string) =>
    errors[key] ? { "aria-invalid": true, "aria-describedby": `${id}-${key}-error` } : {};

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby={`${id}-add`}>
      <h3 id={`${id}-add`} className={styles.flush}>
        Add a channel
      </h3>
      <div className={styles.fields}>
        {field(
          "kind",
          "Kind",
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(e) => setKind(e.target.value as "webhook" | "email")}
          >
            <option value="webhook">Webhook</option>
            <option value="email">E-mail</option>
          </select>,
        )}
        {field(
          "name",
          "Name",
          <input
            id={`${id}-name`}
            value={name}
            maxLength={60}
            autoComplete="off"
            placeholder="On-call"
            onChange={(e) => setName(e.target.value)}
            {...invalid("name")}
          />,
        )}
        {kind === "webhook"
          ? field(
              "format",
              "Body",
              <select
                id={`${id}-format`}
                value={format}
                onChange={(e) => setFormat(e.target.value as WebhookFormat)}
              >
                {Object.entries(WEBHOOK_FORMAT_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>,
            )
          : null}
        {field(
          "target",
          kind === "webhook" ? "Webhook URL" : "Recipients",
          <input
            id={`${id}-target`}
            value={target}
            autoComplete="off"
            inputMode={kind === "webhook" ? "url" : "email"}
            placeholder={
              kind === "webhook" ? "https://hooks.example.com/…" : "oncall@example.com, lead@example.com"
            }
            onChange={(e) => setTarget(e.target.value)}
            {...invalid("target")}
          />,
          kind === "email" ? `Comma-separated, at most ${MAX_RECIPIENTS}.` : undefined,
        )}
        {kind === "webhook" && format === "telegram"
          ? field(
              "chatId",
              "Chat id",
              <input
                id={`${id}-chatId`}
                value={chatId}
                autoComplete="off"
                onChange={(e) => setChatId(e.target.value)}
                {...invalid("chatId")}
              />,
            )
          : null}
      </div>
      <FormStatus status={status} testId="alert-channel-status" />
      <div>
        <button type="submit" className="button-primary" disabled={pending}>
          {pending ? "Adding…" : "Add channel"}
        </button>
      </div>
    </form>
  );
}
