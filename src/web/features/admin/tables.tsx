// The read-mostly admin screens: accounts (with each one's role editable) and the audit trail, as tables
// a page at a time.
import { useErrorText } from "#web/lib/error-text.ts";
import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { ROLES, type Role } from "#shared/constants.ts";
import { formatLongDate } from "#shared/i18n/format.ts";
import { messages } from "#shared/messages.ts";
import type { AdminUser } from "#shared/schemas/admin-user.ts";
import type { AuditAction, AuditEntry } from "#shared/schemas/audit.ts";
import type { Paginated } from "#shared/schemas/pagination.ts";
import { OutcomeMessage } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { When } from "#web/components/ui/when.tsx";
import { useSiteTimeZone } from "#web/lib/site.ts";
import { ListControls, type SortChoice } from "#web/components/ui/list-controls.tsx";
import { Pager } from "#web/components/ui/pager.tsx";
import { PickerSelect } from "#web/components/ui/select.tsx";
import type { ActionData } from "./entity-admin.tsx";

/** A table's texts are keys of the `admin` catalog; its cells are drawn with `t` for the page's language. */
interface Table<R> {
  title: string;
  list: string;
  caption: string;
  empty: string;
  loadFailed: string;
  sort?: SortChoice;
  columns: Array<[string, (row: R, t: TFunction) => ReactNode]>;
}

export const ROLE_LABELS: Record<Role, string> = { user: "User", business: "Business", admin: "Admin" };
const ACTION_LABELS: Record<AuditAction, string> = { create: "Added", update: "Updated", delete: "Deleted", role_change: "Role changed" };

/** A day on the site's calendar ("November 26, 2026"). */
function LongDate({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return <time dateTime={iso}>{formatLongDate(iso, i18n.language === "fr" ? "fr" : "en", useSiteTimeZone())}</time>;
}

function RoleSelect({ user }: { user: AdminUser }) {
  // One saver per account, so a change for one account never waits on, or is dropped for, another's.
  const { t } = useTranslation("admin");
  const { submit, state, formData, data } = useFetcher<ActionData>({ key: `users-role-${user.id}` });
  // A role picked for this account while its last change is still saved: sent once that one is done (then `stored`
  // is the role saved), unless it is the stored role by then. The spec: nothing happens if the role is unchanged.
  const [next, setNext] = useState<Role | null>(null);
  const { id, email, role: stored } = user;
  if (next !== null && (state === "idle" ? next === stored : formData?.get("role") === next)) setNext(null);
  useEffect(() => {
    if (state === "idle" && next !== null && next !== stored) void submit({ intent: "role", id, email, role: next }, { method: "post" });
  }, [state, next, stored, id, email, submit]);

  return (
    <div className="max-w-48 min-w-44 break-words">
      <PickerSelect
        label={t("users.roleFor", { email })}
        hideLabel
        className="w-44"
        triggerClassName="flex w-full items-center justify-between gap-2 rounded-md border border-stone-400 bg-white px-2 py-1 disabled:bg-stone-100"
        options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        value={next ?? (formData?.get("role") as Role | undefined) ?? stored}
        // Not disabled while a change is saved (the focused trigger would lose focus): a pick then waits its turn.
        onChange={(role) => (state === "idle" ? role !== stored && void submit({ intent: "role", id, email, role }, { method: "post" }) : setNext(role as Role))}
      />
      {state === "idle" && next === null && <OutcomeMessage outcome={data?.outcome} />}
    </div>
  );
}

export const TABLES = {
  users: {
    title: "tabs.users",
    list: "/users",
    sort: { asc: "Oldest first", desc: "Newest first", usual: "desc", key: "date" },
    caption: "users.caption",
    empty: "users.empty",
    loadFailed: messages.users.loadFailed,
    columns: [
      ["users.email", (u) => <span className="break-all">{u.email}</span>],
      ["users.displayName", (u) => u.displayName],
      ["users.role", (u) => <RoleSelect user={u} />],
      ["users.accountType", (u, t) => (u.accountType ? t(`users.accountTypes.${u.accountType}`, { defaultValue: u.accountType }) : t("users.notAvailable"))],
      ["users.created", (u) => <LongDate iso={u.createdAt} />],
      ["users.lastLogin", (u, t) => (u.lastLogin ? <LongDate iso={u.lastLogin} /> : t("users.never"))],
    ],
  } satisfies Table<AdminUser>,
  "recent-changes": {
    title: "tabs.recent-changes",
    list: "/audit-log",
    caption: "changes.caption",
    empty: "changes.empty",
    loadFailed: messages.audit.loadFailed,
    columns: [
      ["changes.when", (e) => <When iso={e.createdAt} />],
      ["changes.who", (e) => <span className="break-all">{e.actorEmail}</span>],
      ["changes.change", (e, t) => t(`changes.actions.${e.action}`, { defaultValue: ACTION_LABELS[e.action] })],
      [
        "changes.what",
        (e) => (
          <>
            <span className="text-stone-600">{e.entityType}:</span> {e.summary}
          </>
        ),
      ],
    ],
  } satisfies Table<AuditEntry>,
} as const;

export function AdminTable({ table, list, loadError }: { table: Table<never>; list: Paginated<unknown> | null; loadError: string | null }) {
  const { t } = useTranslation("admin");
  const say = useErrorText();
  const title = t(table.title);
  return (
    <section aria-labelledby="table-heading" className="card">
      <h2 id="table-heading" className={ui.sectionHeading}>
        {title}
      </h2>
      <ListControls sort={table.sort} />
      {loadError && (
        <p role="alert" className={ui.error}>
          {say(loadError)}
        </p>
      )}
      {list?.total === 0 && <p className="mt-3 text-stone-700">{t(table.empty)}</p>}
      {list && list.total > 0 && (
        <>
          {/* Scrolls sideways on a phone: focusable so keyboard users can scroll it too. */}
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t("tableName", { title })}>
            <table className={ui.table}>
              <caption className="sr-only">{t(table.caption)}</caption>
              <thead>
                <tr>
                  {table.columns.map(([header]) => (
                    <th key={header} scope="col" className={ui.th}>
                      {t(header)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.items.map((row) => (
                  <tr key={(row as { id: string }).id}>
                    {table.columns.map(([header, cell]) => (
                      <td key={header} className={ui.td}>
                        {cell(row as never, t)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label={title} page={list.page} pageSize={list.pageSize} total={list.total} lowerBound={list.totalIsLowerBound} cursors={list} />
        </>
      )}
    </section>
  );
}
