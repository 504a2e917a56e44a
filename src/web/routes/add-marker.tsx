import type { Route } from "./+types/add-marker";
import { pageTitle } from "../lib/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Add Marker");

export default function Page() {
  return <h1 className="page-heading">Add Marker</h1>;
}
