import { data } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/not-found";
import { messages } from "#shared/messages.ts";
import { pageTitle } from "../lib/meta.ts";
import { metaText } from "../features/seo/meta-text.ts";

export function loader() {
  return data({ message: messages.notFound }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, metaText(matches).t("meta.notFound"));

export default function NotFound() {
  const { t } = useTranslation("common");
  return (
    <section>
      <h1 className="page-heading">{t("errors.notFoundHeading")}</h1>
      <p className="mt-3 text-stone-700">{t("errors.notFound")}</p>
    </section>
  );
}
