// A business's social links: which network each is (or any other address), checked against the network's
// own host, and shown as labelled icons.
import { z } from "zod";

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

export const SocialLinkSchema = z.object({
  kind: z.enum(SOCIAL_KINDS, { error: "Choose which network the link is on." }),
  url: z.string().trim().max(500, { error: "A link can be at most 500 characters." }),
});

/** Why a link cannot be kept, or null. */
export function socialLinkProblem({ kind, url }: { kind: SocialKind; url: string }): string | null {
  const host = hostOf(url);
  if (!host || !/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(url)) return `${SOCIAL_LABELS[kind]}: enter a web address starting with http:// or https://.`;
  const hosts = HOSTS[kind];
  if (hosts && !hosts.some((h) => host === h || host.endsWith(`.${h}`))) return `${SOCIAL_LABELS[kind]}: the link must be on ${hosts.join(" or ")}.`;
  return null;
}

export type SocialLink = z.infer<typeof SocialLinkSchema>;

/** What a form or API client sends: a list (or its JSON, as a form field carries it); at most 10. */
export const SocialLinksFieldSchema = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text === "") return [];
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return value;
    }
  },
  z
    .array(SocialLinkSchema, { error: "Social links must be a list of { kind, url }." })
    .max(10, { error: "A business can have at most 10 social links." })
    // Refused as the whole field's message, so a form shows it beside the links.
    .superRefine((links, ctx) => {
      const problem = links.map(socialLinkProblem).find(Boolean);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
);
