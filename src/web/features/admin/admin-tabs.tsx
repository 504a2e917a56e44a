// The dashboard's tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs); the open
// tab is in the address (?tab=events) so it can be linked to and survives a reload.
import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { CategoriesTab } from "./categories-tab.tsx";
import { EventsTab } from "./events-tab.tsx";
import { MarkersTab } from "./markers-tab.tsx";
import { MyAccountTab } from "./my-account-tab.tsx";
import { OffersTab } from "./offers-tab.tsx";
import { PagesTab } from "./pages-tab.tsx";
import { PostsTab } from "./posts-tab.tsx";
import { RecentChangesTab } from "./recent-changes-tab.tsx";
import { TagsTab } from "./tags-tab.tsx";
import { UsersTab } from "./users-tab.tsx";

export interface AdminViewer {
  email: string;
  displayName: string;
}

/** The spec's nine tabs in its order, then the audit trail (beyond the spec). */
export const ADMIN_TABS = [
  { id: "account", label: "My Account", render: (viewer: AdminViewer) => <MyAccountTab {...viewer} /> },
  { id: "markers", label: "Markers", render: () => <MarkersTab /> },
  { id: "categories", label: "Categories", render: () => <CategoriesTab /> },
  { id: "users", label: "Users", render: () => <UsersTab /> },
  { id: "events", label: "Events", render: () => <EventsTab /> },
  { id: "tags", label: "Tags", render: () => <TagsTab /> },
  { id: "pages", label: "Pages", render: () => <PagesTab /> },
  { id: "posts", label: "Posts", render: () => <PostsTab /> },
  { id: "offers", label: "Offers", render: () => <OffersTab /> },
  { id: "changes", label: "Recent changes", render: () => <RecentChangesTab /> },
] as const satisfies ReadonlyArray<{ id: string; label: string; render: (viewer: AdminViewer) => ReactNode }>;

export type AdminTabId = (typeof ADMIN_TABS)[number]["id"];

export function AdminTabs({ viewer }: { viewer: AdminViewer }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const active = ADMIN_TABS.find((tab) => tab.id === requested) ?? ADMIN_TABS[0];
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function open(index: number) {
    const tab = ADMIN_TABS[index]!;
    setSearchParams({ tab: tab.id }, { preventScrollReset: true });
    tabRefs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = ADMIN_TABS.findIndex((tab) => tab.id === active.id);
    const last = ADMIN_TABS.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    open(next);
  }

  return (
    <div className="mt-6">
      <div role="tablist" aria-label="Admin sections" className="flex flex-wrap gap-x-1 border-b border-stone-300" onKeyDown={onKeyDown}>
        {ADMIN_TABS.map((tab, index) => {
          const selected = tab.id === active.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`admin-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`admin-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              className={`shrink-0 whitespace-nowrap rounded-t-md border-b-2 px-3 py-2 text-sm font-semibold ${
                selected ? "border-brand-700 bg-white text-brand-800" : "border-transparent text-stone-700 hover:bg-white hover:text-brand-800"
              }`}
              onClick={() => open(index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`admin-panel-${active.id}`} aria-labelledby={`admin-tab-${active.id}`} tabIndex={0} className="mt-4">
        {active.render(viewer)}
      </div>
    </div>
  );
}
