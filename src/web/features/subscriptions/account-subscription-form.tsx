// The newsletter on /myaccount: a verified account subscribes its own address at once (it was confirmed with the
// account), changes its topics or leaves, through PUT /api/v1/me/subscription.
import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Category } from "#shared/schemas/category.ts";
import { FIXED_TOPICS, TopicsSchema, type AccountSubscription } from "#shared/schemas/subscription.ts";
import { ui } from "#web/components/ui/classes.ts";
import { apiFetch, ApiError, type Fetcher } from "#web/lib/api-client.ts";
import { StatusMessage, useAccountForm } from "#web/features/account/index.ts";
import { useSubscribeFailure } from "./subscribe-form.tsx";
import { TopicChoices } from "./topic-choices.tsx";

export async function fetchAccountSubscription(fetcher?: Fetcher): Promise<AccountSubscription | null> {
  try {
    return await apiFetch<AccountSubscription>("/me/subscription", {}, fetcher);
  } catch {
    return null;
  }
}

const FormSchema = z.object({ topics: TopicsSchema.default([]), intent: z.enum(["subscribe", "leave"]).default("subscribe") });

export function AccountSubscriptionForm({ initial, categories, verified }: { initial: AccountSubscription; categories: ReadonlyArray<Pick<Category, "id" | "name" | "translations">>; verified: boolean }) {
  const { t } = useTranslation("subscribe");
  const [current, setCurrent] = useState(initial);
  const [saved, setSaved] = useState<string | null>(null);
  const failure = useSubscribeFailure();
  const { form, fields, busy } = useAccountForm(FormSchema, async ({ topics, intent }) => {
    setSaved(null);
    try {
      const next = await apiFetch<AccountSubscription>("/me/subscription", { method: "PUT", json: { subscribed: intent === "subscribe", topics } });
      setCurrent(next);
      setSaved(next.subscribed ? t("account.saved.subscribed") : t("account.saved.unsubscribed"));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) return error.fields;
      return { "": failure(error) };
    }
  });
  if (!verified) return <p className="text-sm text-stone-700">{t("account.verifyFirst")}</p>;
  return (
    <form {...getFormProps(form)} className="grid gap-3" aria-labelledby="newsletter-heading">
      <p className="text-sm text-stone-700">
        {current.subscribed ? (current.state === "paused" ? t("account.state.paused") : t("account.state.subscribed")) : t("account.state.notSubscribed")} {t("account.noConfirmation")}
      </p>
      <TopicChoices
        name={fields.topics.name}
        chosen={current.topics.length > 0 ? current.topics : FIXED_TOPICS}
        categories={categories}
        legend={t("form.topics")}
        labels={{ events: t("topics.events"), offers: t("topics.offers"), news: t("topics.news") }}
        byKind={t("form.byKind")}
        errorId={fields.topics.errorId}
        errors={fields.topics.errors}
      />
      <p className="text-xs text-stone-600">{t("consent")}</p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="subscribe" className={ui.primary} disabled={busy}>
          {current.subscribed ? t("account.saveTopics") : t("form.subscribe")}
        </button>
        {current.subscribed && (
          <button type="submit" name="intent" value="leave" className={ui.secondary} disabled={busy}>
            {t("account.unsubscribe")}
          </button>
        )}
      </div>
      <StatusMessage kind="error" id={form.errorId}>
        {form.errors?.[0]}
      </StatusMessage>
      <StatusMessage kind="success">{saved}</StatusMessage>
    </form>
  );
}
