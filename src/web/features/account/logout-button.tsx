import { useState } from "react";
import { useTranslation } from "react-i18next";
import { messages } from "#shared/messages.ts";
import { paths } from "#web/lib/paths.ts";
import { signOut } from "./auth-api.ts";
import { StatusMessage, secondaryButtonClass } from "./status-message.tsx";

export function LogoutButton() {
  const { t } = useTranslation("account");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function logout() {
    setBusy(true);
    setError(null);
    if (await signOut()) {
      window.location.assign(paths.login);
      return;
    }
    setError(messages.auth.logoutFailed);
    setBusy(false);
  }

  return (
    <div className="grid gap-2">
      <div>
        <button type="button" className={secondaryButtonClass} onClick={() => void logout()} disabled={busy}>
          {t("logout")}
        </button>
      </div>
      <StatusMessage kind="error">{error}</StatusMessage>
    </div>
  );
}
