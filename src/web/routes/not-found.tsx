import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { messages } from "#shared/messages.ts";
import { pageTitle } from "../lib/meta.ts";

export function loader() {
  return data({ message: messages.notFound }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "Page not found");

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="page-heading">Page not found</h1>
      <p className="mt-3 text-stone-700">{loaderData.message}</p>
    </section>
  );
}
