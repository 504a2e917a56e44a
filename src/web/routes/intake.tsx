import type { Route } from "./+types/intake";
import { pageTitle } from "../lib/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Business Feedback and Consent");

export default function Page() {
  return <h1 className="page-heading">Business Feedback and Consent</h1>;
}
