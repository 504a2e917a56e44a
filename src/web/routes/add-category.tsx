import type { Route } from "./+types/add-category";
import { pageTitle } from "../lib/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Add Category");

export default function Page() {
  return <h1 className="page-heading">Add Category</h1>;
}
