// /setup?token=...: creates the first administrator from the one-time link the server logs while there is none.
// Once an administrator exists the page does not exist (404).
import { parse, type SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/setup";
import { getApp } from "../lib/app-context.ts";
import { PageTitle } from "../lib/page-title.tsx";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { asConformErrors, SetupForm, StatusMessage } from "../features/account/index.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { setup } = getApp(context).services;
  if (await setup.hasAdministrator()) throw data(null, { status: 404 });
  const token = new URL(request.url).searchParams.get("token");
  if (!(await setup.isValid(token))) return data({ token: null }, { status: 403 });
  return { token };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { setup } = getApp(context).services;
  if (await setup.hasAdministrator()) throw data(null, { status: 404 });
  const submission = parse(await request.formData(), { resolve: (payload) => ({ value: payload }) });
  const text = (name: string) => String(submission.payload[name] ?? "");
  const result = await setup.createAdministrator(text("token"), {
    email: text("email"),
    displayName: text("displayName"),
    password: text("password"),
    confirmPassword: text("confirmPassword"),
  });
  // The page is gone once the administrator exists, so the confirmation is shown where they log in.
  if (result.ok) throw redirect(`${paths.login}?setup=done`);
  // What was typed comes back, but for the passwords and the link's token.
  const { form, ...fields } = result.errors;
  const reply = submission.reply({ formErrors: form ? [form] : [], fieldErrors: asConformErrors(fields), hideFields: ["password", "confirmPassword", "token"] });
  return data({ result: reply }, { status: 400 });
}

export const handle = { i18n: ["account"] };

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const heading = (
    <>
      <PageTitle>{t("setup.title")}</PageTitle>
      <h1 className="page-heading">{t("setup.title")}</h1>
    </>
  );
  if (!loaderData.token) {
    return (
      <section className="mx-auto grid max-w-md gap-4">
        {heading}
        <StatusMessage kind="error">{messages.setup.linkInvalid}</StatusMessage>
      </section>
    );
  }
  return (
    <section className="mx-auto grid max-w-md gap-6">
      {heading}
      <p className="text-stone-700">{t("setup.intro")}</p>
      <SetupForm token={loaderData.token} lastResult={actionData?.result as SubmissionResult<string[]> | undefined} />
    </section>
  );
}
