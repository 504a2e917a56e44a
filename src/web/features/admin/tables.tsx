// The read-mostly admin screens: accounts (with each one's role editable) and the audit trail, as tables
// a page at a time.
import { useEffect, useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { ROLES, type Role } from "#shared/constants.ts";
import { formatLongDate } from "#shared/format.ts";
import { messages } from "#shared/messages.ts";
import type { AdminUser } from "#shared/schemas/admin-user.ts";
import type { AuditAction, AuditEntry } from "#shared/schemas/audit.ts";
import type { Paginated } from "#shared/schemas/pagination.ts";
import { OutcomeMessage, ui } from "#web/components/ui/field.tsx";
import { When } from "#web/components/ui/when.tsx";
import { useSiteTimeZone } from "#web/lib/site.ts";
import { ListControls, type SortChoice } from "#web/components/ui/list-controls.tsx";
import { Pager } from "#web/components/ui/pager.tsx";
import { PickerSelect } from "#web/components/ui/select.tsx";
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
  // One saver per account, so a change for one account never waits on, or is dropped for, another's.
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
    <div className="max-w-48 break-words">
      <PickerSelect
        label={`Role for ${email}`}
        hideLabel
        className="w-32"
        triggerClassName="flex w-full items-center justify-between gap-2 rounded-md border border-stone-400 bg-white px-2 py-1 disabled:bg-stone-100"
        options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
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
  return (
    <section aria-labelledby="table-heading" className="card">
      <h2 id="table-heading" className={ui.sectionHeading}>
        {table.title}
      </h2>
      <ListControls sort={table.sort} />
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
