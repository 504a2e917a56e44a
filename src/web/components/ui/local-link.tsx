// A link to a page in the page's own language: inside a French page, a public page's address gets /fr
// (src/shared/i18n/languages.ts, `localizedPath`); sign-in, accounts and files keep their one address.
import { Link, type LinkProps } from "react-router";
import { useLocalPath } from "#web/lib/public-text.ts";

export function LocalLink({ to, ...props }: Omit<LinkProps, "to"> & { to: string }) {
  const localize = useLocalPath();
  return <Link {...props} to={localize(to)} />;
}
