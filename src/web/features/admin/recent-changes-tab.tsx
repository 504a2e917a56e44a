// "Recent changes": the audit trail of what administrators changed, newest first.
import { useEffect, useState } from "react";
import { messages } from "../../../shared/messages.ts";
import type { AuditAction, AuditEntry } from "../../../shared/schemas/audit.ts";
import { apiFetch, type Paginated } from "./api-client.ts";
import { Pager } from "./pager.tsx";
import { ui } from "./styles.ts";

const PAGE_SIZE = 50;
const ACTION_LABELS: Record<AuditAction, string> = { create: "Added", update: "Updated", delete: "Deleted", role_change: "Role changed" };

function when(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

export function RecentChangesTab() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paginated<AuditEntry> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    apiFetch<Paginated<AuditEntry>>(`/audit-log?page=${page}&pageSize=${PAGE_SIZE}`)
      .then((result) => current && setData(result))
      .catch(() => current && setError(messages.audit.loadFailed));
    return () => {
      current = false;
    };
  }, [page]);

  return (
    <section aria-labelledby="changes-heading" className="card">
      <h2 id="changes-heading" className={ui.sectionHeading}>
        Recent changes
      </h2>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      {!data && !error && <p className="mt-3 text-stone-700">Loading recent changes...</p>}
      {data && data.total === 0 && <p className="mt-3 text-stone-700">No changes have been recorded yet.</p>}
      {data && data.total > 0 && (
        <>
          {/* Scrolls sideways on a phone: focusable so keyboard users can scroll it too. */}
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Recent changes table">
            <table className={ui.table}>
              <caption className="sr-only">Changes made by administrators, newest first</caption>
              <thead>
                <tr>
                  <th scope="col" className={ui.th}>When</th>
                  <th scope="col" className={ui.th}>Who</th>
                  <th scope="col" className={ui.th}>Change</th>
                  <th scope="col" className={ui.th}>What</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((entry) => (
                  <tr key={entry.id}>
                    <td className={`${ui.td} whitespace-nowrap`}>
                      <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
                    </td>
                    <td className={`${ui.td} break-all`}>{entry.actorEmail}</td>
                    <td className={ui.td}>{ACTION_LABELS[entry.action]}</td>
                    <td className={ui.td}>
                      <span className="text-stone-600">{entry.entityType}:</span> {entry.summary}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Recent changes" page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
