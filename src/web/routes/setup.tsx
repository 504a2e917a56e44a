// /setup?token=...: creates the first administrator from the one-time link the server logs while there is none.
// Once an administrator exists the page does not exist (404).
import { useEffect, useId, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/setup";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { messages } from "#shared/messages.ts";
import { PASSWORD_MIN_LENGTH } from "#shared/constants.ts";
import type { SetupField } from "#shared/schemas/account.ts";
import { StatusMessage, inputClass, labelClass, primaryButtonClass } from "../features/account/status-message.tsx";

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
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const values = { email: text("email"), displayName: text("displayName") };
  const result = await setup.createAdministrator(text("token"), {
    ...values,
    password: text("password"),
    confirmPassword: text("confirmPassword"),
  });
  // The page is gone once the administrator exists, so the confirmation is shown where they log in.
  if (result.ok) throw redirect(`${paths.login}?setup=done`);
  return data({ errors: result.errors, values }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageTitle(matches, "Set up the site"), { name: "robots", content: "noindex" }];

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const id = useId();
  const busy = useNavigation().state === "submitting";
  // A refused form: the first field at fault takes focus, so its message (tied to it) is read out.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (actionData?.errors) form.current?.querySelector<HTMLElement>("[aria-invalid]")?.focus();
  }, [actionData]);
  if (!loaderData.token) {
    return (
      <section className="mx-auto grid max-w-md gap-4">
        <h1 className="page-heading">Set up the site</h1>
        <StatusMessage kind="error">{messages.setup.linkInvalid}</StatusMessage>
      </section>
    );
  }
  const errors: Partial<Record<SetupField, string>> = actionData?.errors ?? {};
  const values = actionData?.values;

  function field(name: Exclude<SetupField, "form">, label: string, type: string, autoComplete: string, hint?: string) {
    const error = errors[name];
    const describedBy = [error ? `${id}-${name}-error` : null, hint ? `${id}-${name}-hint` : null].filter(Boolean).join(" ") || undefined;
    const typed = name === "email" || name === "displayName" ? values?.[name] : undefined;
    return (
      <div>
        <label htmlFor={`${id}-${name}`} className={labelClass}>
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          required
          autoComplete={autoComplete}
          defaultValue={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${error ? "border-red-600" : ""}`}
        />
        {hint ? (
          <p id={`${id}-${name}-hint`} className="mt-1 text-sm text-stone-600">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <section className="mx-auto grid max-w-md gap-6">
      <h1 className="page-heading">Set up the site</h1>
      <p className="text-stone-700">Create the first administrator account. It can then manage the site and give other accounts their roles.</p>
      <Form ref={form} method="post" noValidate className="card grid gap-4">
        <input type="hidden" name="token" value={loaderData.token} />
        {field("email", "Email", "email", "email")}
        {field("displayName", "Display name", "text", "name")}
        {field("password", "Password", "password", "new-password", `At least ${PASSWORD_MIN_LENGTH} characters.`)}
        {field("confirmPassword", "Confirm password", "password", "new-password")}
        <StatusMessage kind="error">{errors.form}</StatusMessage>
        <div>
          <button type="submit" className={primaryButtonClass} disabled={busy}>
            {busy ? "Creating the administrator..." : "Create administrator"}
          </button>
        </div>
      </Form>
    </section>
  );
}
