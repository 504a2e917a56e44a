// A <details> whose content is drawn only once it is opened: a page of many closed forms (an owner's /mybusiness has
// one for each business, event and offer) sends their summaries alone, and each form is made when its summary is
// first opened. Open from the start, it is drawn on the server like any other.
import { useEffect, useRef, useState, type ReactNode } from "react";

interface Props {
  summary: ReactNode;
  /** Open when the page comes (a form with changes waiting, say): its content is drawn at once. */
  open?: boolean;
  className?: string;
  children: ReactNode;
}

export function OpenedDetails({ summary, open = false, className, children }: Props) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(open);
  // Opened before the page's scripts ran: drawn now.
  useEffect(() => {
    if (ref.current?.open) setOpened(true);
  }, []);
  if (open && !opened) setOpened(true);
  return (
    <details ref={ref} className={className} open={open} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      {summary}
      {opened && children}
    </details>
  );
}
