// A newsletter's mail as subscribers get it: the HTML in a sandboxed frame at a phone's width or a desktop mail
// program's, and the plain-text part beside it. The frame runs no script (the HTML is sanitized too); it keeps the
// site's origin only so that the site's own images, which are served to the same origin only, show in it.
import { useId, useState } from "react";
import { Radio, RadioGroup, Label } from "react-aria-components";
import type { NewsletterPreview } from "#shared/schemas/newsletter.ts";
import { ui } from "#web/components/ui/classes.ts";
import { useManageText } from "#web/lib/manage-text.ts";

const WIDTHS = [
  ["phone", 390],
  ["desktop", 640],
] as const;

export function PreviewFrame({ preview, title }: { preview: NewsletterPreview; title: string }) {
  const id = useId();
  const { t } = useManageText();
  const [width, setWidth] = useState<"phone" | "desktop">("phone");
  const [asText, setAsText] = useState(false);
  const pixels = WIDTHS.find(([key]) => key === width)![1];
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-4">
        <RadioGroup value={width} onChange={(value) => setWidth(value as "phone" | "desktop")} orientation="horizontal" className="grid gap-1">
          <Label className={ui.label}>{t("newsletters.preview.width")}</Label>
          <div className="flex flex-wrap gap-3">
            {WIDTHS.map(([key, size]) => (
              <Radio
                key={key}
                value={key}
                className="flex cursor-pointer items-center gap-2 text-sm text-stone-800 before:size-4 before:rounded-full before:border before:border-stone-500 data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-700 data-[selected]:before:border-4 data-[selected]:before:border-brand-700"
              >
                {t(`newsletters.preview.${key}`, { size })}
              </Radio>
            ))}
          </div>
        </RadioGroup>
        <label className="flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" checked={asText} onChange={(event) => setAsText(event.target.checked)} className="size-4" />
          {t("newsletters.preview.plainText")}
        </label>
      </div>
      <p id={`${id}-subject`} className="text-sm text-stone-700">
        {t("newsletters.preview.subject")} <strong className="text-stone-900">{preview.subject}</strong>
      </p>
      <div className="max-w-full overflow-x-auto">
        {asText ? (
          <pre
            aria-label={t("newsletters.preview.asText", { title })}
            className="rounded-md border border-stone-300 bg-white p-3 text-sm break-words whitespace-pre-wrap text-stone-900"
            style={{ width: pixels, maxWidth: "100%" }}
          >
            {preview.text}
          </pre>
        ) : (
          <iframe
            title={t("newsletters.preview.frame", { title, size: pixels })}
            sandbox="allow-same-origin"
            srcDoc={preview.html}
            width={pixels}
            height={640}
            className="block rounded-md border border-stone-300 bg-white"
          />
        )}
      </div>
    </div>
  );
}
