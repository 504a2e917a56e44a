import type { Route } from "./+types/business";
import { pageTitle } from "../lib/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Business");

export default function Page() {
  return <h1 className="page-heading">Business</h1>;
}
