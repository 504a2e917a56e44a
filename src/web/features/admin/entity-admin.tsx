// One admin screen for any entity: its list (paged and searched on the server, the page and search in the
// address) beside its add/edit form, both drawn from the entity's description in screens.tsx.
import { useErrorText } from "#web/lib/error-text.ts";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import type { Paginated } from "#shared/schemas/pagination.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import type { FieldWidgets, Sources } from "#web/components/ui/entity-fields.tsx";
import { EntityForm, type FormActionData } from "#web/components/ui/entity-form.tsx";
import { OutcomeMessage, type Outcome } from "#web/components/ui/field.tsx";
import { ui } from "#web/components/ui/classes.ts";
import { ListControls } from "#web/components/ui/list-controls.tsx";
import { Pager } from "#web/components/ui/pager.tsx";
import { apiFetch, ApiError } from "#web/lib/api-client.ts";
import type { Screen } from "./screens.tsx";
import { PhotosEditor, SocialLinksEditor } from "../business/index.ts";
import { RepeatRuleWidget } from "../events/index.ts";
import { AttachmentsField } from "../announcements/index.ts";
import { ShiftsEditor } from "../volunteering/index.ts";
import { QuestionsEditor } from "../surveys/index.ts";
import { EventRegistrationWidget } from "../registration/index.ts";

/** The widgets of the fields an event, a business, an announcement, an opportunity and a survey have that belong to their features. */
const WIDGETS: FieldWidgets = { recurrence: RepeatRuleWidget, photos: PhotosEditor, links: SocialLinksEditor, attachments: AttachmentsField, shifts: ShiftsEditor, questions: QuestionsEditor, registration: EventRegistrationWidget };

type Row = { id: string };
export interface ActionData extends FormActionData {
  deleted?: string;
  created?: { id: string; name: string };
}

export interface FormExtras {
  /** The markers' address geocoder and inline new tag, drawn inside the form. */
  after?: (fieldIds: Record<string, string>) => Partial<Record<string, ReactNode>>;
  checked?: string[];
  /** Drawn below the form while an item is edited (a business's owners). */
  below?: (editing: Row) => ReactNode;
}

/** An entity's sentences ("Add Marker", "No markers yet.") in the page's language (catalog `admin`, `entities.<key>`). */
export function useEntityTexts(view: Screen["view"]) {
  const { t } = useTranslation("admin");
  return (part: "add" | "update" | "edit" | "existing" | "none" | "noMatch" | "plural", values: Record<string, string> = {}) => t(`entities.${view.key ?? ""}.${part}`, values);
}

function ScreenForm({ name, screen, editing, sources, round, extras, onCancel }: { onCancel: () => void; name: string; screen: Screen; editing: Row | null; sources: Sources; round: string; extras?: FormExtras }) {
  const busy = useFetcher<ActionData>({ key: `${name}-form` }).state !== "idle";
  const { t } = useTranslation("admin");
  const texts = useEntityTexts(screen.view);
  const { fields: views } = screen.view;
  const initial = Object.fromEntries(Object.entries(views).flatMap(([key, view]) => (view.initial ? [[key, view.initial]] : [])));
  const hidden: Record<string, string> = { intent: "save", ...(editing ? { id: editing.id, label: screen.title(editing, t) } : {}) };
  return (
    <EntityForm
      id={`${name}-form`}
      views={views}
      defaultValue={editing ? (screen.values?.(editing) ?? editing) : initial}
      sources={sources}
      round={round}
      widgets={WIDGETS}
      images={editing ? screen.images?.(editing) : undefined}
      itemId={editing?.id}
      hidden={hidden}
      submitLabel={editing ? texts("update") : texts("add")}
      after={extras?.after}
      checked={extras?.checked}
      buttons={
        editing && (
          <button type="button" className={ui.secondary} disabled={busy} onClick={onCancel}>
            {t("entity.cancelEdit")}
          </button>
        )
      }
    />
  );
}

export function EntityAdmin({ name, screen, list, loadError, sources, extras }: { name: string; screen: Screen; list: Paginated<Row> | null; loadError: string | null; sources: Sources; extras?: FormExtras }) {
  const saver = useFetcher<ActionData>({ key: `${name}-form` });
  const remover = useFetcher<ActionData>({ key: `${name}-delete` });
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<Row | null>(null);
  const [rounds, setRounds] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [seen, setSeen] = useState<[unknown, unknown]>([saver.data, remover.data]);
  const { t } = useTranslation("admin");
  const say = useErrorText();
  const texts = useEntityTexts(screen.view);
  const plural = texts("plural");

  function reset() {
    setEditing(null);
    setRounds((n) => n + 1);
  }
  // A finished save or delete: its message, and a fresh form when the saved or deleted item was in it.
  if (seen[0] !== saver.data || seen[1] !== remover.data) {
    const latest = seen[0] !== saver.data ? saver.data : remover.data;
    setSeen([saver.data, remover.data]);
    if (latest) setOutcome(latest.outcome);
    if (latest === saver.data && saver.data?.done) reset();
    if (latest === remover.data && remover.data?.deleted && remover.data.deleted === editing?.id) reset();
  }

  // After a delete the row and its button are gone: focus goes to the list, announced by its heading.
  const focusedAfter = useRef<unknown>(null);
  useEffect(() => {
    if (remover.state !== "idle" || !remover.data?.deleted || focusedAfter.current === remover.data) return;
    focusedAfter.current = remover.data;
    document.getElementById(`${name}-list-heading`)?.focus();
  }, [remover.state, remover.data, name]);

  async function edit(row: Row) {
    setOutcome(null);
    try {
      setEditing(screen.loadFull ? await apiFetch<Row>(`${screen.readPath ?? screen.path}/${encodeURIComponent(row.id)}`) : row);
      setRounds((n) => n + 1);
      requestAnimationFrame(() => (document.querySelector(`#${name}-form input:not([type=hidden]), #${name}-form select`) as HTMLElement | null)?.focus());
    } catch (error) {
      setOutcome({ kind: "error", text: error instanceof ApiError ? error.message : screen.texts.loadFailed("") });
    }
  }

  const heading = editing ? texts("edit", { title: screen.title(editing, t) }) : texts("add");
  const q = params.get("q") ?? "";
  const busy = saver.state !== "idle" || remover.state !== "idle";
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby={`${name}-form-heading`} className="card min-w-0">
        <h2 id={`${name}-form-heading`} className={ui.sectionHeading}>
          {heading}
        </h2>
        <ScreenForm key={`${editing?.id ?? "new"}-${rounds}`} name={name} screen={screen} editing={editing} sources={sources} round={String(rounds)} extras={extras} onCancel={reset} />
        <OutcomeMessage outcome={outcome} />
        {editing && extras?.below?.(editing)}
      </section>
      <section aria-labelledby={`${name}-list-heading`} className="card min-w-0">
        <h2 id={`${name}-list-heading`} className={ui.sectionHeading} tabIndex={-1}>
          {texts("existing")}
        </h2>
        <ListControls search={screen.search} sort={screen.sort} list={name} />
        {loadError && (
          <p role="alert" className={ui.error}>
            {say(loadError)}
          </p>
        )}
        {list && list.total === 0 && <p className="mt-3 text-stone-700">{q ? texts("noMatch") : texts("none")}</p>}
        {list && list.total > 0 && (
          <ul className="mt-3 divide-y divide-stone-200" aria-label={plural}>
            {list.items.map((row) => {
              const title = screen.title(row, t);
              return (
                <li key={row.id} className="py-3">
                  <h3 className="font-semibold break-words">
                    {screen.link ? (
                      <Link to={screen.link(row)} className="text-brand-700 underline">
                        {title}
                      </Link>
                    ) : (
                      title
                    )}
                  </h3>
                  {screen.item(row, t)}
                  <div className="mt-2 flex gap-2">
                    <button type="button" className={ui.secondary} disabled={busy} aria-label={t("entity.editItem", { title })} onClick={() => void edit(row)}>
                      {t("entity.edit")}
                    </button>
                    <ConfirmDialog question={screen.texts.confirm(row, t)} label={t("entity.deleteItem", { title })} disabled={busy} onConfirm={() => void remover.submit({ intent: "delete", id: row.id, label: title }, { method: "post" })}>
                      {remover.state !== "idle" ? t("entity.deleting") : t("entity.delete")}
                    </ConfirmDialog>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {list && screen.paged && list.total > list.pageSize && <Pager label={plural} page={list.page} pageSize={list.pageSize} total={list.total} lowerBound={list.totalIsLowerBound} cursors={list} />}
      </section>
    </div>
  );
}
