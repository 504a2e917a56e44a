// A business's social links as a schema (zod) for forms and the API; what they are is in ../social-links.ts.
import { z } from "zod";
import { SOCIAL_KINDS, socialLinkProblem, type SocialLink } from "../social-links.ts";
import type { SameType } from "./same-type.ts";
import { jsonListInput } from "./content-input.ts";

export * from "../social-links.ts";

export const SocialLinkSchema = z.object({
  kind: z.enum(SOCIAL_KINDS, { error: "Choose which network the link is on." }),
  url: z.string().trim().max(500, { error: "A link can be at most 500 characters." }),
});

// The schema gives exactly the plain type.
true satisfies SameType<z.output<typeof SocialLinkSchema>, SocialLink>;

/** What a form or API client sends: a list (or its JSON, as a form field carries it); at most 10. */
export const SocialLinksFieldSchema = z.preprocess(
  jsonListInput,
  z
    .array(SocialLinkSchema, { error: "Social links must be a list of { kind, url }." })
    .max(10, { error: "A business can have at most 10 social links." })
    // Refused as the whole field's message, so a form shows it beside the links.
    .superRefine((links, ctx) => {
      const problem = links.map(socialLinkProblem).find(Boolean);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
);
