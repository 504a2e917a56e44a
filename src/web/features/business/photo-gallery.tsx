// A business's photos on its page: the responsive gallery with a lightbox worked by keyboard (arrows, Escape).
// The Markers form's editor is photos-editor.tsx.
import { useEffect, useRef, useState } from "react";
import type { Business } from "#shared/schemas/business.ts";
import { usePublicText } from "#web/lib/public-text.ts";

type Photo = Business["photos"][number];

export function PhotoGallery({ photos, name }: { photos: readonly Photo[]; name: string }) {
  const { t } = usePublicText();
  const [open, setOpen] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  /** The thumbnail the lightbox was opened from, which has the focus back when it closes. */
  const opener = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open === null) {
      if (element.open) element.close();
      // The browser gives the focus back to what had it before the dialog opened: after a click in Safari (where a
      // click does not focus a button), not the thumbnail.
      opener.current?.focus();
      opener.current = null;
    } else if (!element.open) {
      // showModal() would focus the first button (Previous); a dialog starts on its Close button.
      element.showModal();
      closeButton.current?.focus();
    }
  }, [open]);
  if (photos.length === 0) return null;
  const step = (by: number) => setOpen((i) => (i === null ? i : (i + by + photos.length) % photos.length));
  const shown = open === null ? null : photos[open]!;
  return (
    <section aria-labelledby="business-photos-heading" className="mt-8">
      <h2 id="business-photos-heading" className="text-2xl font-bold text-brand-800">
        {t("business.photos")}
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
        {photos.map((photo, index) => (
          <li key={photo.path}>
            <button
              type="button"
              className="block w-full overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpen(index);
              }}
              aria-label={t("business.openPhoto", { number: index + 1, total: photos.length, alt: photo.alt })}
            >
              <img src={photo.url} alt={photo.alt} loading="lazy" width={320} height={240} className="aspect-[4/3] w-full object-cover transition-transform hover:scale-105" />
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        aria-label={t("business.photosOf", { name })}
        className="m-auto max-h-[95vh] max-w-[95vw] rounded-lg bg-stone-950 p-0 text-white backdrop:bg-black/80"
        onClose={() => setOpen(null)}
        onKeyDown={(event) => {
          // The arrow toward the end of the line goes to the next photo: the left one in a right-to-left page.
          const forward = event.currentTarget.closest("[dir]")?.getAttribute("dir") === "rtl" ? "ArrowLeft" : "ArrowRight";
          if (event.key === forward) step(1);
          else if (event.key === "ArrowLeft" || event.key === "ArrowRight") step(-1);
        }}
      >
        {shown && (
          <figure className="grid gap-2 p-3">
            <img src={shown.url} alt={shown.alt} className="max-h-[75vh] w-auto max-w-full object-contain" />
            <figcaption className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <span>
                {shown.alt} <span className="text-stone-300">{t("business.photoPosition", { number: open! + 1, total: photos.length })}</span>
              </span>
              <span className="flex gap-2">
                <button type="button" className="rounded-md bg-white/10 px-3 py-1.5 hover:bg-white/20" onClick={() => step(-1)}>
                  {t("business.previous")}
                </button>
                <button type="button" className="rounded-md bg-white/10 px-3 py-1.5 hover:bg-white/20" onClick={() => step(1)}>
                  {t("business.next")}
                </button>
                <button type="button" className="rounded-md bg-white px-3 py-1.5 font-semibold text-stone-900" onClick={() => setOpen(null)} ref={closeButton}>
                  {t("business.close")}
                </button>
              </span>
            </figcaption>
          </figure>
        )}
      </dialog>
    </section>
  );
}
