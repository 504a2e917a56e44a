import { Link } from "react-router";
import type { Route } from "./+types/home";
import { getApp } from "../lib/app-context.ts";
import { pageTitle } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const site = await getApp(context).services.siteSettings.get();
  return { tagline: site.tagline, heroPhoto: site.heroPhotos.at(-1) ?? null };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...pageTitle(matches),
  { name: "description", content: loaderData?.tagline ?? "" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { tagline, heroPhoto } = loaderData;
  return (
    <>
      <section className="relative -mx-4 -mt-6 overflow-hidden bg-brand-800 sm:-mx-6 sm:rounded-b-xl">
        {heroPhoto && (
          <img
            src={heroPhoto.url}
            alt={heroPhoto.alt}
            width={1600}
            height={900}
            fetchPriority="high"
            className="absolute inset-0 h-full w-full object-cover opacity-60"
          />
        )}
        <div className="relative px-6 py-20 sm:py-28">
          <h1 className="text-4xl font-extrabold tracking-tight text-white drop-shadow sm:text-5xl">{tagline}</h1>
          <p className="mt-4 max-w-xl text-lg text-white drop-shadow">
            Local shops, restaurants, events and offers, all on one map.
          </p>
          <p className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.map} className="rounded-md bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50">
              Explore the map
            </Link>
            <Link to={paths.events} className="rounded-md border border-white px-4 py-2 font-semibold text-white hover:bg-white/10">
              Upcoming events
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
