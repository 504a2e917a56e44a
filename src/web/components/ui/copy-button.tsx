// A button that copies a text (a link, a coupon code) and says so; without a clipboard it selects the text to copy by hand.
import { useTranslation } from "react-i18next";
import { useState } from "react";
import { ui } from "./classes.ts";

export function CopyButton({ text, label, copiedText, targetId }: { text: string; label: string; copiedText?: string; targetId?: string }) {
  const { t } = useTranslation("ui");
  const [status, setStatus] = useState("");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(copiedText ?? t("copy.copied"));
    } catch {
      const target = targetId ? document.getElementById(targetId) : null;
      if (target) window.getSelection()?.selectAllChildren(target);
      setStatus(t("copy.byHand"));
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button type="button" className={ui.secondary} onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="text-sm text-stone-700">
        {status}
      </span>
    </span>
  );
}
