// The map's data as the API describes and checks it (its OpenAPI document): each business's properties from the fields
// the definition puts on the map (src/shared/map.ts, which the map's page reads without this module).
import { z } from "zod";
import { businessFields } from "./business.ts";
import type { FieldDef } from "./entity.ts";
import { MAP_FIELDS } from "../map.ts";

/** A definition field's value as the map has it (and the OpenAPI document describes it). */
function mapValueSchema(def: FieldDef): z.ZodType {
  if (def.widget === "checkbox") return z.boolean();
  if (def.widget === "checkboxes") return z.array(z.enum((def.options ?? []).map((o) => o.value) as [string, ...string[]]));
  return def.input.safeParse(null).success ? z.string().nullable() : z.string();
}

/** A business's properties on the map but its id and position (a GeoJSON feature's `properties`). */
export const MapBusinessPropertiesSchema = z.object({
  ...Object.fromEntries(MAP_FIELDS.map(([name]) => [name, mapValueSchema(businessFields[name])])),
  logoUrl: z.string().nullable(),
  categoryId: z.string().nullable(),
  tagIds: z.array(z.string()),
  /** Open now in the site's time zone; null when the hours are not given. */
  openNow: z.boolean().nullable(),
});

/** A business as the map draws it: what the definition puts on the map, with its position, category, tags and whether it is open. */
export const MapBusinessSchema = MapBusinessPropertiesSchema.extend({ id: z.string(), lat: z.number(), lng: z.number() });
