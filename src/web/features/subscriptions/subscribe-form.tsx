// The newsletter's sign-up form, in the footer of every page (small: the topics behind a disclosure) and on
// /subscribe (every topic, each category of business too). It carries the invisible proof of work and sends to
// POST /api/v1/subscriptions, whose answer is the same for every address.
import { getFormProps } from "@conform-to/react";
import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Category } from "#shared/schemas/category.ts";
import { FIXED_TOPICS, SubscribeFormSchema, subscriptionMessages } from "#shared/schemas/subscription.ts";
import { SIGN_UP_CHALLENGE_FIELD } from "#shared/constants.ts";
import { ErrorList, inputProps } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { useProofOfWork } from "#web/components/ui/proof-of-work.tsx";
import { apiFetch, ApiError } from "#web/lib/api-client.ts";
import { useLanguages, useLocalize } from "#web/lib/language.ts";
import { StatusMessage, useAccountForm } from "#web/features/account/index.ts";
import { TopicChoices } from "./topic-choices.tsx";

export const SUBSCRIBE_PATH = "/subscribe";

type Take = () => Promise<string | null>;

/** The proof of work, mounted once the form is in use: a footer on every page must not make every visit solve one. */
function ProofOfWork({ takeRef }: { takeRef: RefObject<Take | null> }) {
  const proofOfWork = useProofOfWork();
  useEffect(() => {
    takeRef.current = proofOfWork.take;
  });
  return proofOfWork.widget;
}

/** The catalog's key of each of the form's and the API's English messages (the schema's checks speak English). */
const MESSAGE_KEYS = new Map(Object.entries(subscriptionMessages).map(([key, text]) => [text as string, `messages.${key}`]));

/** A message of the schema or the API in the page's language; one the catalog does not have stays as it came. */
export function useSubscribeMessage(): (text: string | null | undefined) => string | undefined {
  const { t } = useTranslation("subscribe");
  return (text) => {
    if (text === null || text === undefined) return undefined;
    const key = MESSAGE_KEYS.get(text);
    return key ? t(key) : text;
  };
}

/**
 * What a form of the newsletter says when sending failed: the API's own message, or "the server could not be reached"
 * (both said in the page's language where they are shown), or, for a failure in the page itself, a general one.
 */
export function useSubscribeFailure(): (error: unknown) => string {
  const { t } = useTranslation("subscribe");
  const say = useSubscribeMessage();
  return (error) => (error instanceof ApiError ? (say(error.message) ?? t("messages.failed")) : t("messages.failed"));
}

export function SubscribeForm({ variant, categories = [] }: { variant: "footer" | "page"; categories?: ReadonlyArray<Pick<Category, "id" | "name" | "translations">> }) {
  const { t } = useTranslation("subscribe");
  const say = useSubscribeMessage();
  const failure = useSubscribeFailure();
  const { language } = useLanguages();
  const localize = useLocalize();
  const [done, setDone] = useState<string | null>(null);
  const [engaged, setEngaged] = useState(variant === "page");
  const [opened, setOpened] = useState(false);
  const takeRef = useRef<Take | null>(null);
  const solved = async () => {
    setEngaged(true);
    for (let tries = 0; !takeRef.current && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    return takeRef.current ? takeRef.current() : null;
  };
  const { form, fields, busy } = useAccountForm(SubscribeFormSchema, async (value, element) => {
    try {
      const answer = await apiFetch<{ message: string }>("/subscriptions", {
        method: "POST",
        json: { ...value, source: variant === "footer" ? "footer" : "subscribe-page", language, [SIGN_UP_CHALLENGE_FIELD]: await solved() },
      });
      const message = say(answer.message) ?? null;
      element.reset();
      setDone(message);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) return error.fields;
      return { "": failure(error) };
    }
  });
  const small = variant === "footer";
  const topics = (
    <TopicChoices
      name={fields.topics.name}
      chosen={FIXED_TOPICS}
      categories={categories}
      legend={t("form.topics")}
      labels={{ events: t("topics.events"), offers: t("topics.offers"), news: t("topics.news") }}
      byKind={t("form.byKind")}
      errorId={fields.topics.errorId}
      errors={fields.topics.errors?.map((error) => say(error) ?? error)}
    />
  );
  return (
    <>
      <form {...getFormProps(form)} noValidate={false} className="grid gap-3" aria-label={small ? t("form.name") : undefined} onFocus={() => setEngaged(true)}>
        <div className={small ? "flex flex-wrap items-end gap-2" : "grid gap-3"}>
          <div className={small ? "min-w-0 flex-1 basis-56" : undefined}>
            {/* Neither "Email" nor "Address": the page's own fields (sign-in, a marker's address) keep those names. */}
            <label htmlFor={fields.email.id} className={ui.label}>
              {t("form.email")}
            </label>
            <input {...inputProps(fields.email, "email")} required autoComplete="email" className={ui.input} />
          </div>
          {small && (
            <button type="submit" className={ui.primary} disabled={busy}>
              {busy ? t("form.subscribing") : t("form.subscribe")}
            </button>
          )}
        </div>
        <ErrorList id={fields.email.errorId} errors={fields.email.errors?.map((error) => say(error) ?? error)} />
        {small ? (
          <details className="text-sm" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
            <summary className="cursor-pointer text-brand-700 underline">{t("form.chooseTopics")}</summary>
            {/* Drawn once first opened, so every page does not carry a second set of "Events", "Offers", "News" controls;
                until then the form sends the three. */}
            {opened ? (
              <div className="mt-2 grid gap-2">
                {topics}
                <Link to={localize(SUBSCRIBE_PATH)} className="text-brand-700 underline">
                  {t("form.moreTopics")}
                </Link>
              </div>
            ) : (
              FIXED_TOPICS.map((topic) => <input key={topic} type="hidden" name={fields.topics.name} value={topic} />)
            )}
          </details>
        ) : (
          topics
        )}
        <p className="text-xs text-stone-600">{t("consent")}</p>
        <StatusMessage kind="error" id={form.errorId}>
          {say(form.errors?.[0])}
        </StatusMessage>
        {!small && (
          <div>
            <button type="submit" className={ui.primary} disabled={busy}>
              {busy ? t("form.subscribing") : t("form.subscribe")}
            </button>
          </div>
        )}
        <StatusMessage kind="success">{done}</StatusMessage>
      </form>
      {engaged && <ProofOfWork takeRef={takeRef} />}
    </>
  );
}
