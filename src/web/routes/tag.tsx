import type { Route } from "./+types/tag";
import { pageTitle } from "../lib/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Tag");

export default function Page() {
  return <h1 className="page-heading">Tag</h1>;
}
