// How an entity describes its fields once, for the API's schemas and for every form and list that shows
// them: each field's rule (zod), its label, the widget that edits it, and who may see it.
import type { z } from "zod";
import type { UploadKind } from "../upload-kinds.ts";

export type Widget =
  | "text"
  | "textarea"
  | "number"
  | "url"
  | "tel"
  | "email"
  | "color"
  | "datetime"
  | "checkbox"
  /** A set of yes/no choices (the `options`), sent as the list of those ticked. */
  | "checkboxes"
  | "date"
  | "recurrence"
  | "select"
  | "combobox"
  | "radio"
  | "richtext"
  | "image"
  | "tags"
  | "hours"
  | "links"
  | "photos"
  /** One uploaded file kept as it is (a library document), by its stored path. */
  | "file"
  /** Files uploaded to become library documents of the item saved (an announcement's attachments). */
  | "attachments"
  /** A volunteer opportunity's shifts, each a start, an end, a place, the places needed and requirements (sent as JSON). */
  | "shifts"
  /** A survey's questions, sent as one JSON list. */
  | "questions"
  /** An event's registration settings (places, opening and closing, waiting list), saved with the event through their own API. */
  | "registration";

/** Lists a picker loads from the API rather than holding itself. */
export type OptionSource = "businesses" | "categories" | "tags" | "authors" | "events";

export interface FieldView {
  label: string;
  /**
   * Where the field's texts (label, choices, placeholder…) are in the `admin` catalog, "<entity>.<field>": forms show
   * them in the page's language, the texts here being the English ones. Given by `views` and `keyed`.
   */
  key?: string;
  widget: Widget;
  /** Fixed choices of a select, combobox or radio group. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Choices loaded from the API, after the fixed ones; under `group` when given. */
  source?: OptionSource;
  group?: string;
  /** A new item's value. */
  initial?: string;
  /** Shown (and sent) only while another field holds this value. */
  when?: { field: string; equals: string };
  /** What a select shows while nothing is chosen. */
  empty?: string;
  upload?: UploadKind;
  /** An image's text alternative; "{name}" is the form's name or title. */
  alt?: string;
  /** An image's upload control: its label without and with an image, the button that removes it, and what shows when there is none. */
  uploadText?: { add: string; replace: string; remove: string; none: string };
  /** An image upload's failure, as the person is told it. */
  uploadFailed?: (reason: string) => string;
  /** Sent with an upload under this name: the id of the item edited (a post's images are kept beside the post). */
  uploadItemKey?: string;
  /** A select's option for a saved value no longer among the choices; "{short}" is its first 5 characters. */
  missing?: string;
  rows?: number;
  placeholder?: string;
  maxLength?: number;
  /** The field of the business this one's schema.org property is (for the page's JSON-LD). */
  jsonLd?: string;
  /** Offered on the entity's short add page too (the add-marker page), after that page's own fields. */
  quickAdd?: boolean;
  /**
   * In the map's data (src/shared/map.ts, and `MapBusinessSchema` of schemas/map.ts) as the API answers it; a yes/no field (`checkbox`) or a
   * set of choices (`checkboxes`) is also one of the map's filters.
   */
  map?: boolean;
  /**
   * A column of the CSV import and export, headed by the field's name: text as it is, a yes/no field as yes or no, and
   * a set of choices as a yes/no column per choice headed by the choice's value.
   */
  csv?: boolean;
  /** Written again in each of the site's other languages, beside the original (src/shared/schemas/translations.ts). */
  translatable?: boolean;
}

export interface FieldDef<T extends z.ZodType = z.ZodType> extends FieldView {
  /** The rule for what forms and API clients send. */
  input: T;
  /** "public": in what visitors receive; "admin": only in admin answers and forms. */
  access: "public" | "admin";
}

export type FieldDefs = Record<string, FieldDef>;

/** A field's definition; its widget and whether it is on the map and in the CSV stay known to the type checker (the map's types come from them). */
export const field = <T extends z.ZodType, const V extends FieldViewOf>(
  input: T,
  view: V,
): FieldDef<T> & V => ({ access: "public" as const, ...view, input }) as FieldDef<T> & V;

/** A field's view with who may see it, as a definition gives it (`field`'s second argument). */
export type FieldViewOf = FieldView & { access?: "public" | "admin" };

/**
 * An entity's fields as views, apart from their rules (`withRules` joins them): kept apart where pages that show the
 * entity must not load the validation library. Widgets and surfaces stay known to the type checker, as with `field`.
 */
export const fieldViews = <const V extends Record<string, FieldViewOf>>(views: V): { [K in keyof V]: FieldView & V[K] } => views;

/** The fields' definitions: each view with its rule, in the views' order; a rule for every view and none besides. */
export function withRules<V extends Record<string, FieldViewOf>, R extends { [K in keyof V]: z.ZodType }>(
  views: V,
  rules: R & { [K in Exclude<keyof R, keyof V>]: never },
): { [K in keyof V]: FieldDef<R[K]> & V[K] } {
  const defs = Object.entries(views).map(([name, view]) => [name, field(rules[name as keyof V], view)]);
  return Object.fromEntries(defs) as { [K in keyof V]: FieldDef<R[K]> & V[K] };
}

/** The input schema's shape: every field's rule. */
export function inputShape<D extends FieldDefs>(defs: D): { [K in keyof D]: D[K]["input"] } {
  return Object.fromEntries(Object.entries(defs).map(([name, def]) => [name, def.input])) as { [K in keyof D]: D[K]["input"] };
}

/** How an admin screen shows and edits one entity, beside its schema. */
export interface EntityView {
  /** Where the names below are in the `admin` catalog (`entities.<key>`), for pages in another language. */
  key?: string;
  /** "Marker": "Add Marker", "Edit Marker: …", "Update Marker". */
  singular: string;
  /** "Markers": the list's name and the tab's. */
  plural: string;
  fields: Record<string, FieldView>;
  /** The spec's sentence when a required field is missing. */
  required: string;
}

/** An entity's form fields as views only (what the browser needs to draw the form), their texts keyed under `entity`. */
export function views(defs: FieldDefs, entity: string): Record<string, FieldView> {
  return keyed(entity, Object.fromEntries(Object.entries(defs).map(([name, { input: _input, access: _access, ...view }]) => [name, view])));
}

/** Names each field's texts in the `admin` catalog as `fields.<entity>.<field>` (see `FieldView.key`). */
export function keyed<F extends Record<string, FieldView>>(entity: string, fields: F): F {
  return Object.fromEntries(Object.entries(fields).map(([name, view]) => [name, { ...view, key: `${entity}.${name}` }])) as F;
}

/** One yes/no column of a surface: a yes/no field's own (`choice` null), or one choice of a set of choices. */
export interface YesNoColumn {
  /** The field's name, or the choice's value. */
  key: string;
  label: string;
  field: string;
  choice: string | null;
}

/** The yes/no columns of the fields marked for a surface (the map's filters, the CSV's columns), in the fields' order. */
export function yesNoColumns(defs: Record<string, FieldView>, surface: "map" | "csv"): YesNoColumn[] {
  return Object.entries(defs).flatMap(([name, def]): YesNoColumn[] => {
    if (!def[surface]) return [];
    if (def.widget === "checkbox") return [{ key: name, label: def.label, field: name, choice: null }];
    if (def.widget === "checkboxes") return (def.options ?? []).map((o) => ({ key: o.value, label: o.label, field: name, choice: o.value }));
    return [];
  });
}

/** Whether a stored yes/no column holds: a yes/no field's 0 or 1, or a choice in a set's JSON list. */
export function holds(column: YesNoColumn, stored: unknown): boolean {
  if (column.choice === null) return stored === true || stored === 1 || stored === "1";
  let list: unknown = stored;
  try {
    if (typeof stored === "string") list = JSON.parse(stored);
  } catch {
    return false;
  }
  return Array.isArray(list) && list.includes(column.choice);
}
