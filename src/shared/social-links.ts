// A business's social links as plain data: which network each is (or any other address), checked against the
// network's own host. The rules as a schema (zod) are in schemas/social-links.ts (which re-exports this).

export const SOCIAL_KINDS = ["facebook", "instagram", "x", "linkedin", "tiktok", "youtube", "other"] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];

export const SOCIAL_LABELS: Record<SocialKind, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  x: "X",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  youtube: "YouTube",
  other: "Other link",
};

/** The hosts (and their subdomains) a network's links live on. */
const HOSTS: Partial<Record<SocialKind, string[]>> = {
  facebook: ["facebook.com", "fb.com"],
  instagram: ["instagram.com"],
  x: ["x.com", "twitter.com"],
  linkedin: ["linkedin.com"],
  tiktok: ["tiktok.com"],
  youtube: ["youtube.com", "youtu.be"],
};

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

export interface SocialLink {
  kind: SocialKind;
  url: string;
}

/** Why a link cannot be kept, or null. */
export function socialLinkProblem({ kind, url }: { kind: SocialKind; url: string }): string | null {
  const host = hostOf(url);
  if (!host || !/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url)) return `${SOCIAL_LABELS[kind]}: enter a web address starting with http:// or https://.`;
  const hosts = HOSTS[kind];
  if (hosts && !hosts.some((h) => host === h || host.endsWith(`.${h}`))) return `${SOCIAL_LABELS[kind]}: the link must be on ${hosts.join(" or ")}.`;
  return null;
}
