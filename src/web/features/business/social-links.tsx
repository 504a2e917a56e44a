// A business's social links: the labelled icons on its page (their editor: social-links-editor.tsx).
import { SOCIAL_LABELS, type SocialKind, type SocialLink } from "#shared/social-links.ts";
import { hitAttributes } from "#web/components/insight-beacon.tsx";
import { usePublicText } from "#web/lib/public-text.ts";

/** Small monochrome marks, drawn in a 24-unit box; the link's text names the network. */
const MARKS: Record<SocialKind, string> = {
  facebook: "M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.2H8v3h2.5V21z",
  instagram: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm0 2a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm5 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z",
  x: "M4 3h4.5l4 5.6L17.3 3H20l-6.2 7.3L21 21h-4.5l-4.4-6.1L6.8 21H4l6.8-7.9z",
  linkedin: "M4 9h3.5v11H4zM5.8 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM9.5 9h3.4v1.5c.5-.9 1.7-1.8 3.4-1.8 3.6 0 4.2 2.3 4.2 5.4V20H17v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H9.5z",
  tiktok: "M14 3h3a4.5 4.5 0 0 0 4 4v3a7.4 7.4 0 0 1-4-1.2V15a6 6 0 1 1-6-6v3.1a3 3 0 1 0 3 2.9z",
  youtube: "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z",
  other: "M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a3 3 0 1 1 4.2 4.2l-2 2-1.4-1.4 2-2a1 1 0 1 0-1.4-1.4l-3.5 3.5a1 1 0 0 1-1.4 0zm2.8-2.8a1 1 0 0 1 0 1.4l-3.5 3.5a3 3 0 1 1-4.2-4.2l2-2 1.4 1.4-2 2a1 1 0 1 0 1.4 1.4l3.5-3.5a1 1 0 0 1 1.4 0z",
};

export function SocialMark({ kind }: { kind: SocialKind }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0 fill-current">
      <path d={MARKS[kind]} />
    </svg>
  );
}

/** "Other link" shows its host instead of the generic name. */
function linkText(link: SocialLink): string {
  if (link.kind !== "other") return SOCIAL_LABELS[link.kind];
  try {
    return new URL(link.url).hostname.replace(/^www\./, "");
  } catch {
    return SOCIAL_LABELS.other;
  }
}

/** With `businessId`, a click on a link counts for the business (its network's kind of hit). */
export function SocialLinks({ links, name, businessId }: { links: readonly SocialLink[]; name: string; businessId?: string }) {
  const { t } = usePublicText();
  if (links.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t("business.onSocialMedia", { name })}>
      {links.map((link) => (
        <li key={`${link.kind}-${link.url}`}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer me"
            className="inline-flex items-center gap-1.5 rounded-full border border-stone-300 px-3 py-1 text-sm text-brand-800 hover:bg-brand-50"
            {...(businessId ? hitAttributes(`social-${link.kind}`, businessId) : {})}
          >
            <SocialMark kind={link.kind} />
            {linkText(link)}
            <span className="sr-only">{t("business.opensInNewTab")}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
