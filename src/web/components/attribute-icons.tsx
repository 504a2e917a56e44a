// One small line drawing per attribute (src/shared/business-attributes.ts), always beside its label: the
// text says what it is, so the drawing is hidden from assistive technology. A new attribute needs its drawing here;
// a yes/no business field on the map may have one too.
// Types only: the pages that draw these carry no field definitions.
import type { AttributeSlug } from "#shared/business-attributes.ts";

/** The drawings' strokes on a 24 × 24 grid, by attribute (and by yes/no field, for the map's filter of one). */
const DRAWINGS: Record<AttributeSlug, string> & Partial<Record<string, string>> = {
  "step-free-entrance": "M6 20V4h9v16M12 12h.01M2 20h20M15 20l5-3",
  "wheelchair-accessible-washroom": "M11 4.5a1.5 1.5 0 1 0 0 .01M11 8v6h5l2 5M11 11h4M8.5 11.5a5 5 0 1 0 6.5 6.5",
  "accessible-parking-nearby": "M4 3h16v18H4zM9 17V7h4a3 3 0 0 1 0 6H9",
  "hearing-loop": "M6 9a5 5 0 1 1 10 0c0 3-3 4-3 7a3 3 0 0 1-5 2M9 9a2 2 0 0 1 4 0M17 14h5M19.5 14v6",
  "gender-neutral-washroom": "M12 3a2 2 0 1 0 0 .01M8 21v-6H6l2-7h8l2 7h-2v6M12 15v6",
  "free-wifi": "M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01",
  patio: "M3 10a9 7 0 0 1 18 0zM12 10v11M8 21h8M12 3v0",
  "pets-welcome": "M7 9a1.5 2 0 1 0 0 .01M17 9a1.5 2 0 1 0 0 .01M10 5a1.5 2 0 1 0 0 .01M14 5a1.5 2 0 1 0 0 .01M12 12c-3 0-5 4-5 6s2 2 5 1c3 1 5 1 5-1s-2-6-5-6z",
  "family-friendly-washroom": "M7 3a2 2 0 1 0 0 .01M4 21v-7H3l1-6h6l1 6h-1v7M17 10a1.5 1.5 0 1 0 0 .01M15 21v-5h-1l1-3h4l1 3h-1v5",
};

export function AttributeIcon({ slug, className = "size-5" }: { slug: string; className?: string }) {
  if (!Object.hasOwn(DRAWINGS, slug)) return null;
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" className={`shrink-0 ${className}`}>
      <path d={DRAWINGS[slug]} />
    </svg>
  );
}
