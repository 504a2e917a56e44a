// The parts of a member's dashboard as the API gives them: "What needs you" (every feature's tasks) and one section per
// feature that has something (announcements, meetings, businesses, and later surveys, volunteer shifts). The page
// renders whatever sections come, so a feature adds its own without changing it.
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { ui } from "#web/components/ui/classes.ts";
import { formatLongDate } from "#shared/i18n/format.ts";
import { langOf } from "#web/lib/public-text.ts";
import type { DashboardSection, DashboardTask } from "#shared/schemas/dashboard.ts";

export function TaskList({ tasks }: { tasks: DashboardTask[] }) {
  const { t } = useTranslation("members");
  return (
    <section aria-labelledby="what-needs-you" className="card grid gap-3">
      <h2 id="what-needs-you" className={ui.sectionHeading}>
        {t("dashboard.whatNeedsYou")}
      </h2>
      {tasks.length === 0 ? (
        <p className="text-stone-700">{t("dashboard.nothing")}</p>
      ) : (
        <ul className="grid gap-3">
          {tasks.map((task) => (
            <li key={task.id} className="grid gap-1 border-s-4 border-s-amber-500 ps-3">
              <p className="font-semibold text-stone-900">{task.title}</p>
              {task.detail && <p className="text-sm text-stone-700">{task.detail}</p>}
              <p>
                {/* Named with the task it does, which a link list read out of context needs: "Edit the listing: …". */}
                <Link to={task.href} aria-label={`${task.action}: ${task.title}`} className="text-sm font-semibold text-brand-700 underline">
                  {task.action}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function SectionCard({ section, timeZone }: { section: DashboardSection; timeZone: string }) {
  const headingId = `section-${section.id}`;
  const { t, i18n } = useTranslation("members");
  // The marks come in the page's language (the API speaks the person's): the unread one is told by its words.
  const unread = t("dashboard.marks.unread");
  return (
    <section aria-labelledby={headingId} className="card grid gap-3">
      <h2 id={headingId} className={ui.sectionHeading}>
        {section.title}
      </h2>
      {section.items.length === 0 ? (
        <p className="text-stone-700">{section.empty}</p>
      ) : (
        <ul className="grid gap-3">
          {section.items.map((item) => (
            <li key={item.id} className={`grid gap-1 ${item.marks.includes(unread) ? "border-s-4 border-s-brand-700 ps-3" : ""}`}>
              <p className="flex flex-wrap items-center gap-2">
                <Link to={item.href} className="font-semibold text-brand-800 underline">
                  <span lang={item.lang}>{item.title}</span>
                  {item.marks.length > 0 && <span className="sr-only"> ({item.marks.join(", ").toLowerCase()})</span>}
                </Link>
                {item.marks.map((mark) => (
                  <span key={mark} aria-hidden="true" className={`rounded px-2 py-0.5 text-xs font-semibold ${mark === unread ? "bg-brand-700 text-white" : "bg-amber-100 text-amber-900"}`}>
                    {mark}
                  </span>
                ))}
              </p>
              {item.date && (
                <p className="text-sm text-stone-600">
                  <time dateTime={item.date}>{formatLongDate(item.date, langOf(i18n.language), timeZone)}</time>
                </p>
              )}
              {item.detail && <p className="text-sm text-stone-700">{item.detail}</p>}
              {item.notes.length > 0 && (
                <ul className="list-disc ps-5 text-sm text-stone-700">
                  {item.notes.map((note, i) => (
                    <li key={i}>{note}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {section.link && (
        <p>
          <Link to={section.link.href} className="text-sm font-semibold text-brand-700 underline">
            {section.link.label}
          </Link>
        </p>
      )}
    </section>
  );
}
