// The Users tab: every account, newest first, a page at a time, with its role editable.
import { useEffect, useState } from "react";
import { ROLES, type Role } from "../../../shared/constants.ts";
import { formatLongDate } from "../../../shared/format.ts";
import { messages } from "../../../shared/messages.ts";
import type { AdminUser } from "../../../shared/schemas/admin-user.ts";
import { ApiError, apiFetch, type Paginated } from "./api-client.ts";
import { Pager } from "./pager.tsx";
import { type ActionResult, LoadError, ResultMessage } from "./admin-parts.tsx";
import { ui } from "./styles.ts";

const PAGE_SIZE = 50;
const ROLE_LABELS: Record<Role, string> = { user: "User", business: "Business", admin: "Admin" };

export function UsersTab() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paginated<AdminUser> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const [result, setResult] = useState<ActionResult>(null);

  // Bumped after every change, so the list reloads.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);

  useEffect(() => {
    let current = true;
    apiFetch<Paginated<AdminUser>>(`/users?page=${page}&pageSize=${PAGE_SIZE}`).then(
      (result) => {
        if (!current) return;
        setData(result);
        setLoadError(null);
      },
      () => current && setLoadError(messages.users.loadFailed),
    );
    return () => {
      current = false;
    };
  }, [page, version]);

  async function changeRole(user: AdminUser, role: Role) {
    // The spec: nothing happens if the role is unchanged.
    if (role === user.role) return;
    setSaving(user.id);
    setResult(null);
    try {
      await apiFetch(`/users/${encodeURIComponent(user.id)}/role`, { method: "PUT", json: { role } });
      setResult({ kind: "success", text: `${user.email} is now ${ROLE_LABELS[role]}.` });
    } catch (error) {
      const reason = error instanceof ApiError && error.status === 409 ? ` ${error.message}` : "";
      setResult({ kind: "error", text: `${messages.users.roleUpdateFailed(user.id)}${reason}` });
    } finally {
      setSaving(null);
      reload();
    }
  }

  return (
    <section aria-labelledby="users-heading" aria-busy={data === null && !loadError} className="card">
      <h2 id="users-heading" className={ui.sectionHeading}>
        Users
      </h2>
      <ResultMessage result={result} />
      <LoadError message={loadError} />
      {!data && !loadError && <p className="mt-3 text-stone-700">Loading users...</p>}
      {data && (
        <>
          {/* Scrolls sideways on a phone: focusable so keyboard users can scroll it too. */}
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Users table">
            <table className={ui.table}>
              <caption className="sr-only">Users, newest first</caption>
              <thead>
                <tr>
                  <th scope="col" className={ui.th}>Email</th>
                  <th scope="col" className={ui.th}>Display name</th>
                  <th scope="col" className={ui.th}>Role</th>
                  <th scope="col" className={ui.th}>Account type</th>
                  <th scope="col" className={ui.th}>Created</th>
                  <th scope="col" className={ui.th}>Last login</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((user) => (
                  <tr key={user.id}>
                    <td className={`${ui.td} break-all`}>{user.email}</td>
                    <td className={ui.td}>{user.displayName}</td>
                    <td className={ui.td}>
                      <select
                        aria-label={`Role for ${user.email}`}
                        className="rounded-md border border-stone-400 bg-white px-2 py-1 disabled:bg-stone-100"
                        value={user.role}
                        disabled={saving !== null}
                        onChange={(event) => void changeRole(user, event.target.value as Role)}
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {ROLE_LABELS[role]}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className={ui.td}>{user.accountType ?? "N/A"}</td>
                    <td className={ui.td}>{formatLongDate(user.createdAt)}</td>
                    <td className={ui.td}>{user.lastLogin ? formatLongDate(user.lastLogin) : "Never"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Users" page={data.page} pageSize={data.pageSize} total={data.total} disabled={saving !== null} onPage={setPage} />
        </>
      )}
    </section>
  );
}
