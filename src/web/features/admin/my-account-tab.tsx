// The My Account tab: who is signed in, and the display name edit of the account page (its picture is edited there).
import { useTranslation } from "react-i18next";
import { useState } from "react";
import { Link } from "react-router";
import { DisplayNameForm } from "../account/index.ts";
import { paths } from "#web/lib/paths.ts";
import { ui } from "#web/components/ui/classes.ts";

export function MyAccountTab({ email, displayName: initialName }: { email: string; displayName: string }) {
  const { t } = useTranslation("admin");
  const [displayName, setDisplayName] = useState(initialName);
  return (
    <section aria-labelledby="my-account-heading" className="card max-w-xl">
      <h2 id="my-account-heading" className={ui.sectionHeading}>
        {t("tabs.my-account")}
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-semibold">{t("users.email")}</dt>
        <dd className="break-all">{email}</dd>
        <dt className="font-semibold">{t("users.displayName")}</dt>
        <dd>{displayName}</dd>
      </dl>
      <div className="mt-4">
        <DisplayNameForm initial={initialName} onSaved={setDisplayName} />
      </div>
      <p className="mt-4">
        <Link to={paths.myAccount} className="font-semibold text-brand-700 underline">
          {t("account.picture")}
        </Link>
      </p>
    </section>
  );
}
