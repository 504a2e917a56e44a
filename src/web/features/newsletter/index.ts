// The administrators' Newsletters tab: what the route uses.
export { DigestPlanner } from "./digest-plan.tsx";
export { NewsletterForm, type NewsletterOptions } from "./newsletter-form.tsx";
export { Counts, NewsletterSending } from "./newsletter-sending.tsx";
