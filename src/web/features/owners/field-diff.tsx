// One field of a request, live beside requested: words removed and added are marked, markup is shown as text (React
// escapes it), images are shown side by side, and a field the live listing changed since shows all three values.
import { diffWords } from "diff";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { RequestField } from "#shared/schemas/owners.ts";
import { toOsm, type OpeningHours } from "#shared/opening-hours.ts";
import { fileUrl } from "#shared/upload-kinds.ts";
import { formatWhen } from "#web/components/ui/when.tsx";
import { useSiteTimeZone } from "#web/lib/site.ts";

export type Names = Record<string, string>;

/** A value as a reviewer reads it: names instead of ids, dates in words, "(empty)" for nothing. */
export function shown(field: Pick<RequestField, "name" | "widget">, value: unknown, names: Names, timeZone: string, t: TFunction, lang: "en" | "fr"): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return t("review.empty");
  if (field.widget === "hours" && typeof value === "object") return toOsm(value as OpeningHours) || t("review.empty");
  if (field.widget === "links" && Array.isArray(value)) return (value as Array<{ kind?: unknown; url?: unknown }>).map((l) => `${String(l.kind)}: ${String(l.url)}`).join("\n");
  if (field.widget === "checkboxes" && Array.isArray(value)) return value.map((v) => choiceName(field, v, names)).join(", ");
  if (field.widget === "photos" && Array.isArray(value)) return (value as Array<{ alt?: unknown }>).map((p, i) => `${i + 1}. ${String(p.alt ?? "")}`).join("\n");
  if (Array.isArray(value)) return value.map((v) => names[String(v)] ?? String(v)).join(", ");
  if (field.widget === "datetime" && typeof value === "string") {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return formatWhen(value, timeZone, false, lang);
  }
  const text = String(value);
  return names[text] ?? text;
}

/** A choice of a set of choices by its label (`names` holds them as "<field>:<value>"). */
const choiceName = (field: Pick<RequestField, "name">, value: unknown, names: Names) => names[`${field.name}:${String(value)}`] ?? String(value);

/** A set of choices, live beside requested, with what the request adds and removes said in words. */
function ChoicesDiff({ field, names }: { field: RequestField; names: Names }) {
  const { t } = useTranslation("owners");
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  const [live, requested] = [list(field.live), list(field.requested)];
  const added = requested.filter((v) => !live.includes(v)).map((v) => choiceName(field, v, names));
  const removed = live.filter((v) => !requested.includes(v)).map((v) => choiceName(field, v, names));
  const labelsOf = (values: string[]) => (values.length === 0 ? t("review.none") : values.map((v) => choiceName(field, v, names)).join(", "));
  return (
    <>
      <td className="px-2 py-2 align-top break-words">{labelsOf(live)}</td>
      <td className="px-2 py-2 align-top break-words">
        {labelsOf(requested)}
        {added.length > 0 && (
          <p className="mt-1">
            <ins className="bg-green-100 text-green-900 no-underline">{t("review.added", { list: added.join(", ") })}</ins>
          </p>
        )}
        {removed.length > 0 && (
          <p className="mt-1">
            <del className="bg-red-100 text-red-900">{t("review.removed", { list: removed.join(", ") })}</del>
          </p>
        )}
      </td>
    </>
  );
}

const imageUrl = (path: unknown) => (typeof path === "string" && path ? fileUrl(path) : null);

function Image({ path, alt }: { path: unknown; alt: string }) {
  const { t } = useTranslation("owners");
  const url = imageUrl(path);
  return url ? <img src={url} alt={alt} className="max-h-32 rounded border border-stone-200" /> : <span className="text-stone-500">{t("review.noImage")}</span>;
}

/** A gallery as small pictures in its order, each with its alt text. */
function Photos({ value, label }: { value: unknown; label: string }) {
  const { t } = useTranslation("owners");
  const photos = Array.isArray(value) ? (value as Array<{ path?: unknown; alt?: unknown }>).filter((p) => typeof p.path === "string") : [];
  if (photos.length === 0) return <span className="text-stone-500">{t("review.noPhotos")}</span>;
  return (
    <ol className="flex flex-wrap gap-2" aria-label={label}>
      {photos.map((photo, i) => (
        <li key={String(photo.path)} className="grid w-24 gap-1 text-xs">
          <img src={fileUrl(String(photo.path))} alt={String(photo.alt ?? "")} className="h-16 w-24 rounded border border-stone-200 object-cover" />
          <span className="break-words">
            {i + 1}. {String(photo.alt ?? "")}
          </span>
        </li>
      ))}
    </ol>
  );
}

const pictured = (field: RequestField) => field.widget === "image" || field.widget === "photos";

/** An image field's or a gallery's live or requested value, as pictures. */
function Picture({ field, side }: { field: RequestField; side: "live" | "requested" }) {
  const { t } = useTranslation("owners");
  const label = t(side === "live" ? "review.liveValue" : "review.requestedValue", { label: field.label.toLowerCase() });
  return field.widget === "photos" ? <Photos value={field[side]} label={label} /> : <Image path={field[side]} alt={label} />;
}

/** Live and requested text with what changed marked in each. */
function TextDiff({ before, after }: { before: string; after: string }) {
  const parts = diffWords(before, after);
  return (
    <>
      <td className="px-2 py-2 align-top break-words whitespace-pre-wrap">
        {parts
          .filter((p) => !p.added)
          .map((p, i) => (p.removed ? <del key={i} className="bg-red-100 text-red-900">{p.value}</del> : <span key={i}>{p.value}</span>))}
      </td>
      <td className="px-2 py-2 align-top break-words whitespace-pre-wrap">
        {parts
          .filter((p) => !p.removed)
          .map((p, i) => (p.added ? <ins key={i} className="bg-green-100 text-green-900 no-underline">{p.value}</ins> : <span key={i}>{p.value}</span>))}
      </td>
    </>
  );
}

/** `live`: a change, shown beside the live value; else a new item's value alone. `base`: the value when requested too. */
export function FieldRow({ field, names, choose, live: withLive, base: withBase }: { field: RequestField; names: Names; choose: boolean; live: boolean; base: boolean }) {
  const { t, i18n } = useTranslation("owners");
  const lang = i18n.language === "fr" ? "fr" : "en";
  const label = (
    <th scope="row" className="px-2 py-2 text-start align-top font-semibold hyphens-auto [overflow-wrap:anywhere]">
      {choose ? (
        <label className="flex items-start gap-2">
          <input type="checkbox" name="fields" value={field.name} defaultChecked className="mt-1 size-4 accent-brand-700" />
          {field.label}
        </label>
      ) : (
        field.label
      )}
      {field.conflict && <span className="mt-1 block text-xs font-semibold text-amber-800">{t("review.changedSince")}</span>}
    </th>
  );
  const timeZone = useSiteTimeZone();
  const [live, requested] = [shown(field, field.live, names, timeZone, t, lang), shown(field, field.requested, names, timeZone, t, lang)];
  return (
    <tr className={`border-b border-stone-200 ${field.conflict ? "bg-amber-50" : ""}`}>
      {label}
      {!withLive ? (
        <td className="px-2 py-2 align-top break-words whitespace-pre-wrap">{pictured(field) ? <Picture field={field} side="requested" /> : requested}</td>
      ) : field.widget === "checkboxes" ? (
        <ChoicesDiff field={field} names={names} />
      ) : pictured(field) ? (
        <>
          <td className="px-2 py-2 align-top">
            <Picture field={field} side="live" />
          </td>
          <td className="px-2 py-2 align-top">
            <Picture field={field} side="requested" />
          </td>
        </>
      ) : (
        <TextDiff before={live} after={requested} />
      )}
      {withBase && <td className="px-2 py-2 align-top break-words whitespace-pre-wrap text-stone-600">{field.conflict ? shown(field, field.base, names, timeZone, t, lang) : ""}</td>}
    </tr>
  );
}
