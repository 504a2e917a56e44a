import { Link } from "react-router";
import type { SiteSettings } from "#shared/schemas/site-settings.ts";
import { paths } from "#web/lib/paths.ts";

export function SiteFooter({ site }: { site: SiteSettings | null }) {
  const sponsors = site?.sponsorLogos ?? [];
  return (
    <footer className="mt-12 border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {sponsors.length > 0 && (
          <section aria-labelledby="sponsors-heading">
            <h2 id="sponsors-heading" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
              Our sponsors
            </h2>
            <ul className="mt-4 flex flex-wrap items-center gap-6">
              {sponsors.map((sponsor) => {
                const logo = (
                  <img src={sponsor.imageUrl} alt={sponsor.name} width={160} height={60} loading="lazy" className="h-12 w-auto" />
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
        <nav aria-label="More from the association" className="mt-6 flex gap-4 text-sm">
          <Link to={paths.resources} className="text-brand-700 underline">
            Resources
          </Link>
          <Link to="/privacy" className="text-brand-700 underline">
            Privacy
          </Link>
        </nav>
        <p className="mt-2 text-sm text-stone-600">
          &copy; {new Date().getFullYear()} {site?.associationName ?? "Niche"}
        </p>
      </div>
    </footer>
  );
}
