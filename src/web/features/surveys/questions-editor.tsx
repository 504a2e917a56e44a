// The Surveys form's questions: each with its kind, text, help text, whether it is required and, for choices, its
// options (one a line); moved up or down by buttons that name the question, so the order changes by keyboard as by
// mouse. Sent as one JSON field. Once the survey has answers, a question's kind is fixed (the list says so).
import { useRef, useState } from "react";
import { QUESTION_KINDS, isChoiceKind, type QuestionKind } from "#shared/schemas/survey.ts";
import { ui } from "#web/components/ui/classes.ts";
import type { FieldWidgetProps } from "#web/components/ui/entity-fields.tsx";
import { jsonListField } from "#web/lib/json-list-field.ts";
import { useManageText } from "#web/lib/manage-text.ts";

interface Draft {
  id: string;
  kind: QuestionKind;
  label: string;
  help: string;
  required: boolean;
  /** One option a line, as typed. */
  options: string;
  /** Saved with answers: its kind cannot change. */
  locked?: boolean;
}

const newQuestionId = () => `q${Math.random().toString(36).slice(2, 10)}`;

function fromValue(value: unknown): Draft[] {
  return jsonListField<Partial<Draft> & { options?: string[] | string }>(value).map((q) => ({
    id: q.id || newQuestionId(),
    kind: QUESTION_KINDS.includes(q.kind as QuestionKind) ? (q.kind as QuestionKind) : "oneChoice",
    label: q.label ?? "",
    help: q.help ?? "",
    required: !!q.required,
    options: Array.isArray(q.options) ? q.options.join("\n") : (q.options ?? ""),
    locked: !!q.locked,
  }));
}

const toValue = (drafts: Draft[]) =>
  JSON.stringify(
    drafts.map(({ id, kind, label, help, required, options }) => ({
      id,
      kind,
      label,
      help,
      required,
      options: isChoiceKind(kind)
        ? options
            .split("\n")
            .map((o) => o.trim())
            .filter(Boolean)
        : [],
    })),
  );

export function QuestionsEditor({ name, label, initialValue, errorId, errors }: FieldWidgetProps) {
  const { t } = useManageText();
  const [drafts, setDrafts] = useState<Draft[]>(() => fromValue(initialValue));
  const [moved, setMoved] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const invalid = !!errors?.length;
  const set = (index: number, patch: Partial<Draft>) => setDrafts((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const nameOf = (d: Draft, i: number) => (d.label ? t("questions.nameWithText", { n: i + 1, text: d.label }) : t("questions.name", { n: i + 1 }));

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    if (to < 0 || to >= drafts.length) return;
    const next = [...drafts];
    const [item] = next.splice(index, 1);
    next.splice(to, 0, item!);
    setDrafts(next);
    setMoved(t("questions.moved", { question: item!.label || t("questions.theQuestion"), n: to + 1, count: next.length }));
    // The same button of the moved question keeps the focus, or the other one when it has reached an end.
    requestAnimationFrame(() => {
      const row = list.current?.children[to];
      const button = row?.querySelector<HTMLButtonElement>(`button[data-move="${by}"]:not([disabled])`) ?? row?.querySelector<HTMLButtonElement>("button[data-move]:not([disabled])");
      button?.focus();
    });
  }

  const locked = drafts.some((d) => d.locked);
  return (
    <fieldset className="grid gap-3" aria-describedby={invalid ? errorId : undefined} aria-invalid={invalid || undefined} data-field={name}>
      <legend className={ui.label}>{label}</legend>
      <input type="hidden" name={name} value={toValue(drafts)} />
      {locked && <p className="text-sm text-stone-700">{t("questions.kindLockedNote")}</p>}
      {drafts.length === 0 && <p className="text-sm text-stone-600">{t("questions.none")}</p>}
      <ol ref={list} className="grid gap-3">
        {drafts.map((draft, index) => {
          const named = nameOf(draft, index);
          const id = `${name}-${draft.id}`;
          return (
            <li key={draft.id} className="grid gap-2 rounded-md border border-stone-300 p-3">
              <p className="text-sm font-semibold text-stone-800">{t("questions.heading", { n: index + 1 })}</p>
              <div className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
                <label className="grid text-sm">
                  {t("questions.text")}
                  <input type="text" value={draft.label} maxLength={500} onChange={(e) => set(index, { label: e.target.value })} className={ui.input} aria-label={t("questions.textOf", { n: index + 1 })} />
                </label>
                <label className="grid text-sm">
                  {t("questions.kind")}
                  <select
                    value={draft.kind}
                    disabled={draft.locked}
                    onChange={(e) => set(index, { kind: e.target.value as QuestionKind })}
                    className="mt-1 rounded-md border border-stone-400 bg-white px-2 py-2 disabled:bg-stone-100"
                    aria-label={t("questions.kindOf", { n: index + 1 })}
                    aria-describedby={draft.locked ? `${id}-locked` : undefined}
                  >
                    {QUESTION_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`questions.kinds.${kind}`)}
                      </option>
                    ))}
                  </select>
                  {draft.locked && (
                    <span id={`${id}-locked`} className="mt-1 text-xs text-stone-600">
                      {t("questions.fixed")}
                    </span>
                  )}
                </label>
              </div>
              <label className="grid text-sm">
                {t("questions.help")}
                <input type="text" value={draft.help} maxLength={1000} onChange={(e) => set(index, { help: e.target.value })} className={ui.input} aria-label={t("questions.helpOf", { n: index + 1 })} />
              </label>
              {isChoiceKind(draft.kind) && (
                <label className="grid text-sm">
                  {t("questions.options")}
                  <textarea rows={3} value={draft.options} onChange={(e) => set(index, { options: e.target.value })} className={ui.input} aria-label={t("questions.optionsOf", { n: index + 1 })} />
                </label>
              )}
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={draft.required} onChange={(e) => set(index, { required: e.target.checked })} className="size-4 accent-brand-700" />
                {t("questions.required")}
                <span className="sr-only"> {t("questions.requiredOf", { n: index + 1 })}</span>
              </label>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={ui.secondary} data-move="-1" disabled={index === 0} onClick={() => move(index, -1)} aria-label={t("questions.moveUpOf", { name: named })}>
                  {t("questions.moveUp")}
                </button>
                <button type="button" className={ui.secondary} data-move="1" disabled={index === drafts.length - 1} onClick={() => move(index, 1)} aria-label={t("questions.moveDownOf", { name: named })}>
                  {t("questions.moveDown")}
                </button>
                {!draft.locked && (
                  <button type="button" className={ui.danger} onClick={() => setDrafts((all) => all.filter((_, i) => i !== index))} aria-label={t("questions.removeOf", { name: named })}>
                    {t("questions.remove")}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <p role="status" className="sr-only">
        {moved}
      </p>
      {drafts.length < 50 && (
        <button type="button" className={`${ui.secondary} justify-self-start`} onClick={() => setDrafts((all) => [...all, { id: newQuestionId(), kind: "oneChoice", label: "", help: "", required: false, options: "" }])}>
          {t("questions.add")}
        </button>
      )}
      <p id={errorId} className="text-sm font-medium text-red-800 empty:hidden">
        {errors?.join(" ")}
      </p>
    </fieldset>
  );
}
