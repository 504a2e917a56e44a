// Asks for a new verification link, for accounts whose email address is not verified yet.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { postAuth } from "./auth-api.ts";
import { StatusMessage, secondaryButtonClass } from "./status-message.tsx";

export function ResendVerification({ email, callbackURL }: { email: string; callbackURL: string }) {
  const { t } = useTranslation("account");
  const [state, setState] = useState<"idle" | "busy" | "sent" | "failed">("idle");
  async function resend() {
    setState("busy");
    const result = await postAuth("/send-verification-email", { email, callbackURL });
    setState(result.ok ? "sent" : "failed");
  }
  return (
    <div className="grid gap-2">
      <div>
        <button type="button" className={secondaryButtonClass} disabled={state === "busy" || state === "sent"} onClick={() => void resend()}>
          {t("resend.button")}
        </button>
      </div>
      {state === "sent" && <StatusMessage kind="success">{t("resend.sent", { email })}</StatusMessage>}
      {state === "failed" && <StatusMessage kind="error">{t("resend.failed")}</StatusMessage>}
    </div>
  );
}
