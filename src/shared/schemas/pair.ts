// Two numbers in a fixed order (a [longitude, latitude] position, a [start, end) range).
import { z } from "zod";

/**
 * A pair of numbers. Its JSON Schema also says what every item is and that there are exactly two, which a tuple's
 * `prefixItems` alone leaves open (and OpenAPI tools that read only `items` need).
 */
export function pairSchema<T extends z.ZodNumber>(item: T) {
  const type = item.isInt ? "integer" : "number";
  return z.tuple([item, item]).meta({ items: { type }, minItems: 2, maxItems: 2 });
}
