// What the members' pages show someone who is not a member: a visitor is asked to sign in, a signed-in person who owns
// no member business is invited to claim theirs or propose it.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "#web/lib/paths.ts";

export function MemberInvitation({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation("members");
  return (
    <div className="card mt-4 grid max-w-2xl gap-3" role="region" aria-label={t("invitation.label")}>
      {signedIn ? (
        <>
          <p className="text-stone-800">{t("invitation.signedIn")}</p>
          <p>
            <Link to={paths.myBusiness} className="font-semibold text-brand-700 underline">
              {t("invitation.claim")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="text-stone-800">{t("invitation.signedOut")}</p>
          <p className="flex flex-wrap gap-4">
            <Link to={paths.login} className="font-semibold text-brand-700 underline">
              {t("invitation.login")}
            </Link>
            <Link to={paths.signup} className="font-semibold text-brand-700 underline">
              {t("invitation.signup")}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
