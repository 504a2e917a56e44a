// A <details> whose content is drawn only once it is opened: a page of many closed forms (an owner's /mybusiness has
// one for each business, event and offer) sends their summaries alone, and each form is made when its summary is
// first opened. Open from the start, it is drawn on the server like any other. Without scripts nothing can draw it
// in the browser, so a closed one holds a link to a page that has it open (`href`).
import { useTranslation } from "react-i18next";
import { useEffect, useRef, useState, type ReactNode } from "react";

interface Props {
  summary: ReactNode;
  /** Open when the page comes (a form with changes waiting, say): its content is drawn at once. */
  open?: boolean;
  /** The address of this page with this one open, offered inside it while it is not drawn. */
  href?: string;
  className?: string;
  children: ReactNode;
}

const FOCUSABLE = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";

export function OpenedDetails({ summary, open = false, href, className, children }: Props) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { t } = useTranslation("ui");
  const [opened, setOpened] = useState(open);
  // Counts the person's openings: after each, focus goes to the first control inside (closing it again is done on its
  // summary, which keeps focus).
  const [openings, setOpenings] = useState(0);
  // Opened before the page's scripts ran: drawn now.
  useEffect(() => {
    if (ref.current?.open) setOpened(true);
  }, []);
  useEffect(() => {
    if (openings === 0 || !ref.current) return;
    const first = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].find((element) => !element.closest("summary"));
    first?.focus();
  }, [openings]);
  if (open && !opened) setOpened(true);
  return (
    <details
      ref={ref}
      className={className}
      open={open}
      onToggle={(event) => {
        if (!event.currentTarget.open) return;
        setOpened(true);
        if (event.currentTarget.ownerDocument.activeElement === event.currentTarget.querySelector("summary")) setOpenings((n) => n + 1);
      }}
    >
      {summary}
      {opened
        ? children
        : href && (
            <p className="mt-2 text-sm">
              <a href={href} className="text-brand-700 underline">
                {t("details.ownPage")}
              </a>
            </p>
          )}
    </details>
  );
}
