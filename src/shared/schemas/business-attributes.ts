// The rules for the attributes a form or client sends (the list itself: src/shared/business-attributes.ts).
import { z } from "zod";
import { isAttribute, ordered, unknownAttributeMessage } from "../business-attributes.ts";

/** Every slug named must be a listed attribute; those that are not are named in the message. */
function knownOnly(slugs: string[], ctx: z.RefinementCtx) {
  const unknown = slugs.filter((slug) => !isAttribute(slug));
  if (unknown.length > 0) ctx.addIssue({ code: "custom", message: unknownAttributeMessage(unknown) });
}

/** What a form or client sends: the attributes that hold, by slug. */
export const AttributesInputSchema = z
  .array(z.string().max(100), { error: "Attributes must be a list of attribute names." })
  .max(100)
  .superRefine(knownOnly)
  .transform(ordered);

/** `?attributes=step-free-entrance,hearing-loop`: every one named must hold. */
export const AttributesQuerySchema = z
  .string()
  .max(2000)
  .transform((text) => text.split(",").map((s) => s.trim()).filter(Boolean))
  .superRefine(knownOnly)
  .transform(ordered);
