import type { Route } from "./+types/category";
import { pageTitle } from "../lib/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Category");

export default function Page() {
  return <h1 className="page-heading">Category</h1>;
}
