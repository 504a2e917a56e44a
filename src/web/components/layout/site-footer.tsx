import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LocalizedSiteSettings, SiteSettings } from "#shared/schemas/site-settings.ts";
import { sponsorNameField } from "#shared/site-list-fields.ts";
import { useTranslation } from "react-i18next";
import { paths } from "#web/lib/paths.ts";
import { useLocalize } from "#web/lib/language.ts";

/** `newsletter`: the newsletter's sign-up form, shown at the top of every page's footer. */
export function SiteFooter({ site, newsletter }: { site: (SiteSettings & Partial<Pick<LocalizedSiteSettings, "fallback">>) | null; newsletter?: ReactNode }) {
  const { t } = useTranslation("common");
  const localize = useLocalize();
  const sponsors = site?.sponsorLogos ?? [];
  return (
    <footer className="mt-12 border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {newsletter && (
          <section aria-labelledby="newsletter-footer-heading" className="mb-8 max-w-xl">
            <h2 id="newsletter-footer-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
              {t("footer.newsletter")}
            </h2>
            <p className="mt-1 mb-3 text-sm text-stone-700">{t("footer.newsletterPitch")}</p>
            {newsletter}
          </section>
        )}
        {sponsors.length > 0 && (
          <section aria-labelledby="sponsors-heading">
            <h2 id="sponsors-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
              {t("footer.sponsors")}
            </h2>
            <ul className="mt-4 flex flex-wrap items-center gap-6">
              {sponsors.map((sponsor, index) => {
                const logo = (
                  <img src={sponsor.imageUrl} alt={sponsor.name} lang={site?.fallback?.[sponsorNameField(index)]} width={160} height={60} loading="lazy" className="h-12 w-auto" />
                );
                return (
                  <li key={sponsor.name}>
                    {sponsor.url ? (
                      <a href={sponsor.url} rel="noopener noreferrer" target="_blank">
                        {logo}
                      </a>
                    ) : (
                      logo
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        <nav aria-label={t("footer.more")} className="mt-6 flex gap-4 text-sm">
          <Link to={localize(paths.resources)} className="text-brand-700 underline">
            {t("footer.resources")}
          </Link>
          <Link to="/privacy" className="text-brand-700 underline">
            {t("footer.privacy")}
          </Link>
        </nav>
        <p className="mt-2 text-sm text-stone-600">
          &copy; {new Date().getFullYear()} <span lang={site?.fallback?.associationName} dir="auto">{site?.associationName ?? "Niche"}</span>
        </p>
      </div>
    </footer>
  );
}
