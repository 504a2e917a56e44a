// The read-mostly admin screens: accounts (with each one's role editable) and the audit trail, as tables
// a page at a time.
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { ROLES, type Role } from "../../../shared/constants.ts";
import { formatLongDate } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import type { AdminUser } from "../../../shared/schemas/admin-user.ts";
import type { AuditAction, AuditEntry } from "../../../shared/schemas/audit.ts";
import type { Paginated } from "../../../shared/schemas/pagination.ts";
import { OutcomeMessage, ui } from "../../components/ui/field.tsx";
import { When } from "../../components/ui/when.tsx";
import { useSiteTimeZone } from "../../lib/site.ts";
import { ListControls, type SortChoice } from "../../components/ui/list-controls.tsx";
import { Pager } from "../../components/ui/pager.tsx";
import { PickerSelect } from "../../components/ui/select.tsx";
import type { ActionData } from "./entity-admin.tsx";

interface Table<R> {
  title: string;
  list: string;
  caption: string;
  empty: string;
  loadFailed: string;
  sort?: SortChoice;
  columns: Array<[string, (row: R) => ReactNode]>;
}

export const ROLE_LABELS: Record<Role, string> = { user: "User", business: "Business", admin: "Admin" };
const ACTION_LABELS: Record<AuditAction, string> = { create: "Added", update: "Updated", delete: "Deleted", role_change: "Role changed" };

/** A day on the site's calendar ("November 26, 2026"). */
function LongDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatLongDate(iso, useSiteTimeZone())}</time>;
}

function RoleSelect({ user }: { user: AdminUser }) {
  const fetcher = useFetcher<ActionData>({ key: "users-role" });
  return (
    <PickerSelect
      label={`Role for ${user.email}`}
      hideLabel
      className="w-32"
      triggerClassName="flex w-full items-center justify-between gap-2 rounded-md border border-stone-400 bg-white px-2 py-1 disabled:bg-stone-100"
      options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
      value={(fetcher.formData?.get("id") === user.id && (fetcher.formData.get("role") as Role)) || user.role}
      // Not disabled while a change is saved (the focused trigger would lose focus); a change picked before the last one
      // is saved is not sent (the picker shows the stored role again). The spec: nothing happens if the role is unchanged.
      onChange={(role) => fetcher.state === "idle" && role !== user.role && void fetcher.submit({ intent: "role", id: user.id, email: user.email, role }, { method: "post" })}
    />
  );
}

export const TABLES = {
  users: {
    title: "Users",
    list: "/users",
    sort: { asc: "Oldest first", desc: "Newest first", usual: "desc" },
    caption: "Users, newest first",
    empty: "No users yet.",
    loadFailed: messages.users.loadFailed,
    columns: [
      ["Email", (u) => <span className="break-all">{u.email}</span>],
      ["Display name", (u) => u.displayName],
      ["Role", (u) => <RoleSelect user={u} />],
      ["Account type", (u) => u.accountType ?? "N/A"],
      ["Created", (u) => <LongDate iso={u.createdAt} />],
      ["Last login", (u) => (u.lastLogin ? <LongDate iso={u.lastLogin} /> : "Never")],
    ],
  } satisfies Table<AdminUser>,
  "recent-changes": {
    title: "Recent changes",
    list: "/audit-log",
    caption: "Changes made by administrators, newest first",
    empty: "No changes have been recorded yet.",
    loadFailed: messages.audit.loadFailed,
    columns: [
      ["When", (e) => <When iso={e.createdAt} />],
      ["Who", (e) => <span className="break-all">{e.actorEmail}</span>],
      ["Change", (e) => ACTION_LABELS[e.action]],
      [
        "What",
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
  const role = useFetcher<ActionData>({ key: "users-role" });
  return (
    <section aria-labelledby="table-heading" className="card">
      <h2 id="table-heading" className={ui.sectionHeading}>
        {table.title}
      </h2>
      <ListControls sort={table.sort} />
      <OutcomeMessage outcome={role.data?.outcome} />
      {loadError && (
        <p role="alert" className={ui.error}>
          {loadError}
        </p>
      )}
      {list?.total === 0 && <p className="mt-3 text-stone-700">{table.empty}</p>}
      {list && list.total > 0 && (
        <>
          {/* Scrolls sideways on a phone: focusable so keyboard users can scroll it too. */}
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={`${table.title} table`}>
            <table className={ui.table}>
              <caption className="sr-only">{table.caption}</caption>
              <thead>
                <tr>
                  {table.columns.map(([header]) => (
                    <th key={header} scope="col" className={ui.th}>
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.items.map((row) => (
                  <tr key={(row as { id: string }).id}>
                    {table.columns.map(([header, cell]) => (
                      <td key={header} className={ui.td}>
                        {cell(row as never)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label={table.title} page={list.page} pageSize={list.pageSize} total={list.total} />
        </>
      )}
    </section>
  );
}
