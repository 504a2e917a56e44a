import type { Route } from "./+types/signup";
import { pageTitle } from "../lib/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Sign Up");

export default function Page() {
  return <h1 className="page-heading">Sign Up</h1>;
}
