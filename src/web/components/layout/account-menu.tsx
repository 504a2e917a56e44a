// Beside the header's "My Account" (the role's home, spec section 4): a menu of the signed-in person's own pages,
// the dashboard and My Business among them, whatever the role.
import { Button, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { paths } from "#web/lib/paths.ts";

const itemClass = "block cursor-pointer rounded px-3 py-2 text-sm text-stone-900 no-underline outline-none data-[focused]:bg-brand-50 data-[focused]:text-brand-800";

export function AccountMenu({ role }: { role: string | null }) {
  const { t } = useTranslation("common");
  const items = [
    { id: "dashboard", href: paths.member.dashboard, label: t("accountMenu.dashboard") },
    { id: "business", href: paths.myBusiness, label: t("accountMenu.myBusiness") },
    { id: "account", href: paths.myAccount, label: t("accountMenu.settings") },
    ...(role === "admin" ? [{ id: "admin", href: paths.admin, label: t("accountMenu.administration") }] : []),
  ];
  return (
    <MenuTrigger>
      <Button
        aria-label={t("accountMenu.label")}
        className="grid w-7 shrink-0 cursor-pointer place-items-center rounded-e-md border-s border-brand-800 bg-brand-700 text-white outline-none hover:bg-brand-800 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-100 data-[focus-visible]:ring-offset-2 data-[focus-visible]:ring-offset-brand-700"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
          <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </Button>
      <Popover placement="bottom end" className="z-50 min-w-48 rounded-md border border-stone-300 bg-white p-1 shadow-lg">
        <Menu aria-label={t("accountMenu.yourPages")} items={items} className="outline-none">
          {(item) => (
            <MenuItem id={item.id} href={item.href} className={itemClass}>
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
