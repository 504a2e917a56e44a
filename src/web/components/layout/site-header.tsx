import { Link, NavLink } from "react-router";
import { homeForRole, paths } from "../../lib/paths.ts";

interface Props {
  associationName: string;
  user: { email: string; role: string | null } | null;
}

const links = [
  { to: paths.home, label: "Home", end: true },
  { to: paths.map, label: "Map" },
  { to: paths.events, label: "Events" },
  { to: paths.offers, label: "Offers" },
  { to: paths.contact, label: "Contact" },
];

export function SiteHeader({ associationName, user }: Props) {
  const account = user ? { to: homeForRole(user.role), label: "My Account" } : { to: paths.login, label: "Login" };
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link to={paths.home} className="flex items-center gap-2 font-semibold text-brand-800">
          <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-brand-700 text-sm text-white">
            N
          </span>
          <span className="text-lg leading-tight">{associationName}</span>
        </Link>
        <nav aria-label="Main" className="-mx-1 w-full overflow-x-auto sm:w-auto sm:flex-1">
          <ul className="flex min-w-max items-center gap-1">
            {[...links, { ...account, end: false }].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className="nav-link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
