import type { Route } from "./+types/offers";
import { pageTitle } from "../lib/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Current Offers");

export default function Page() {
  return <h1 className="page-heading">Current Offers</h1>;
}
