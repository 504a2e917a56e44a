import type { Route } from "./+types/login";
import { pageTitle } from "../lib/meta.ts";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Login");

export default function Page() {
  return <h1 className="page-heading">Login</h1>;
}
