import type { Route } from "./+types/map";
import { pageTitle } from "../lib/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Map");

export default function Page() {
  return <h1 className="page-heading">Map</h1>;
}
