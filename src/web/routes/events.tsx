import type { Route } from "./+types/events";
import { pageTitle } from "../lib/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Events");

export default function Page() {
  return <h1 className="page-heading">Events</h1>;
}
