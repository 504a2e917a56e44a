// One field of a request, live beside requested: words removed and added are marked, markup is shown as text (React
// escapes it), images are shown side by side, and a field the live listing changed since shows all three values.
import { diffWords } from "diff";
import type { RequestField } from "../../../shared/schemas/request.ts";

export type Names = Record<string, string>;

/** A value as a reviewer reads it: names instead of ids, dates in words, "(empty)" for nothing. */
export function shown(field: Pick<RequestField, "name" | "widget">, value: unknown, names: Names): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return "(empty)";
  if (Array.isArray(value)) return value.map((v) => names[String(v)] ?? String(v)).join(", ");
  if (field.widget === "datetime" && typeof value === "string") {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  }
  const text = String(value);
  return names[text] ?? text;
}

const imageUrl = (path: unknown) => (typeof path === "string" && path ? `/files/${path.split("/").map(encodeURIComponent).join("/")}` : null);

function Image({ path, alt }: { path: unknown; alt: string }) {
  const url = imageUrl(path);
  return url ? <img src={url} alt={alt} className="max-h-32 rounded border border-stone-200" /> : <span className="text-stone-500">(no image)</span>;
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
  const label = (
    <th scope="row" className="px-2 py-2 text-left align-top font-semibold">
      {choose ? (
        <label className="flex items-start gap-2">
          <input type="checkbox" name="fields" value={field.name} defaultChecked className="mt-1 size-4 accent-brand-700" />
          {field.label}
        </label>
      ) : (
        field.label
      )}
      {field.conflict && <span className="mt-1 block text-xs font-semibold text-amber-800">Changed since the request</span>}
    </th>
  );
  const [live, requested] = [shown(field, field.live, names), shown(field, field.requested, names)];
  return (
    <tr className={`border-b border-stone-200 ${field.conflict ? "bg-amber-50" : ""}`}>
      {label}
      {!withLive ? (
        <td className="px-2 py-2 align-top break-words whitespace-pre-wrap">{field.widget === "image" ? <Image path={field.requested} alt={`Requested ${field.label.toLowerCase()}`} /> : requested}</td>
      ) : field.widget === "image" ? (
        <>
          <td className="px-2 py-2 align-top">
            <Image path={field.live} alt={`Live ${field.label.toLowerCase()}`} />
          </td>
          <td className="px-2 py-2 align-top">
            <Image path={field.requested} alt={`Requested ${field.label.toLowerCase()}`} />
          </td>
        </>
      ) : (
        <TextDiff before={live} after={requested} />
      )}
      {withBase && <td className="px-2 py-2 align-top break-words whitespace-pre-wrap text-stone-600">{field.conflict ? shown(field, field.base, names) : ""}</td>}
    </tr>
  );
}
