// The map's index brought up to date from the businesses written since it was read (decision 0050), instead of read
// whole again: the businesses still there keep their slots, new ones take new slots and the slots of those gone are left
// empty, so that a filter's cluster index none of whose businesses changed is still the one a full read would build.
import { parseStoredHours } from "#server/lib/hours/stored-hours.ts";
import type { IndexRow } from "./map-data.repository.ts";
import { FEATURE_WORDS, NO_RANK, featureWords, isPlaced, placeIn, pointAt, type IndexSource } from "./map-index.ts";

/** What the index learns of a business written since: its row now, or null when it is gone or has no position. */
interface Written {
  id: string;
  row: IndexRow | null;
  tagIds: string[];
}

export interface AppliedChanges {
  source: IndexSource;
  /** The slots, in the source before, of the businesses that changed for the index (moved, refiled, renamed, gone). */
  before: number[];
  /** Their slots in the source after, with the new businesses'. */
  after: number[];
}

/**
 * The source after these businesses were written (`rows` and `links` as read now, for `ids`), or the same source when
 * nothing the index keeps changed (a description, a photo); `readOrder` gives every business's id in the list's order
 * and is read only when a business is new or renamed. Null when so many slots would be empty that a full read is
 * cheaper to keep.
 */
export async function applyChanges(
  source: IndexSource,
  ids: readonly string[],
  rows: readonly IndexRow[],
  links: ReadonlyArray<{ businessId: string; tagId: string }>,
  readOrder: () => Promise<string[]>,
): Promise<AppliedChanges | null> {
  const rowOf = new Map(rows.filter(isPlaced).map((row) => [row.id, row]));
  const tagsOf = new Map<string, string[]>();
  for (const link of links) {
    const tags = tagsOf.get(link.businessId);
    if (tags) tags.push(link.tagId);
    else tagsOf.set(link.businessId, [link.tagId]);
  }
  const written: Written[] = [];
  let reordered = false;
  for (const id of new Set(ids)) {
    const slot = source.slotOf.get(id);
    const row = rowOf.get(id) ?? null;
    const tagIds = (tagsOf.get(id) ?? []).sort();
    if (slot === undefined && row === null) continue;
    if (slot !== undefined && row !== null && sameForIndex(source, slot, row, tagIds)) continue;
    written.push({ id, row, tagIds });
    if (row !== null && (slot === undefined || source.names[slot] !== row.name)) reordered = true;
  }
  if (written.length === 0) return { source, before: [], after: [] };

  const added = written.filter(({ id, row }) => row !== null && !source.slotOf.has(id)).length;
  const size = source.ids.length + added;
  const next = copiedOnWrite(source, size);
  const categoryPlace = new Map(next.source.categoryIds.map((id, place) => [id, place]));
  const tagPlace = new Map(next.source.tagIds.map((id, place) => [id, place]));
  const hoursPlace = new Map(next.source.hoursText.map((text, place) => [text, place]));
  const before: number[] = [];
  const after: number[] = [];
  const newTags = new Map<number, number[]>();
  const gone = new Set<number>();
  const slotOf = new Map<string, number>();
  let free = source.ids.length;
  for (const { id, row, tagIds } of written) {
    const known = source.slotOf.get(id);
    if (known !== undefined) before.push(known);
    if (row === null) {
      gone.add(known!);
      next.set("ids", known!, "");
      next.set("names", known!, "");
      newTags.set(known!, []);
      continue;
    }
    const slot = known ?? free++;
    slotOf.set(id, slot);
    after.push(slot);
    const { categoryIds, hours, hoursText, tagIds: tagPlaces } = next.source;
    next.set("ids", slot, id);
    next.set("names", slot, row.name);
    const [lng, lat] = known === undefined ? [] : source.points[known]!.geometry.coordinates;
    if (lng !== Number(row.lng) || lat !== Number(row.lat)) next.set("points", slot, pointAt(row, slot));
    next.set("category", slot, row.categoryId === null ? -1 : placeIn(categoryPlace, categoryIds, row.categoryId));
    next.set("hoursOf", slot, row.openingHours ? placeIn(hoursPlace, hours, row.openingHours, (text) => (hoursText.push(text), parseStoredHours(text))) : -1);
    next.setFeatures(slot, featureWords(row));
    const tags = tagIds.map((tagId) => placeIn(tagPlace, tagPlaces, tagId));
    const had = known === undefined ? null : source.tagList.subarray(source.tagStart[known], source.tagStart[known + 1]);
    if (!had || had.length !== tags.length || tags.some((tag, k) => tag !== had[k])) newTags.set(slot, tags);
  }
  const result = next.source;
  if (newTags.size > 0 || added > 0) Object.assign(result, tagsWith(source, size, newTags));

  // The list's order: read again when a business is new or renamed, else the one before without those gone.
  let order: Uint32Array;
  if (reordered) {
    const slots = (await readOrder()).flatMap((id) => {
      const slot = slotOf.get(id) ?? source.slotOf.get(id);
      return slot === undefined || gone.has(slot) ? [] : [slot];
    });
    order = Uint32Array.from(slots);
  } else order = gone.size === 0 ? source.order : source.order.filter((slot) => !gone.has(slot));
  if (size - order.length > Math.max(1000, order.length)) return null;
  if (order !== source.order) {
    const rank = new Uint32Array(size).fill(NO_RANK);
    order.forEach((slot, place) => (rank[slot] = place));
    result.order = order;
    result.rank = rank;
  }
  // Kept, not copied: only the newest source reads it, and every await above is behind.
  for (const slot of gone) source.slotOf.delete(source.ids[slot]!);
  for (const [id, slot] of slotOf) source.slotOf.set(id, slot);
  return { source: result, before, after };
}

function sameForIndex(source: IndexSource, slot: number, row: IndexRow, tagIds: readonly string[]): boolean {
  const [lng, lat] = source.points[slot]!.geometry.coordinates;
  if (lng !== Number(row.lng) || lat !== Number(row.lat) || source.names[slot] !== row.name) return false;
  const category = source.category[slot]!;
  if ((category === -1 ? null : source.categoryIds[category]) !== row.categoryId) return false;
  const hours = source.hoursOf[slot]!;
  if ((hours === -1 ? null : source.hoursText[hours]) !== (row.openingHours || null)) return false;
  const words = featureWords(row);
  for (let w = 0; w < FEATURE_WORDS; w++) if (source.features[slot * FEATURE_WORDS + w] !== words[w]) return false;
  const tags = Array.from(source.tagList.subarray(source.tagStart[slot], source.tagStart[slot + 1]), (tag) => source.tagIds[tag]!).sort();
  return tags.length === tagIds.length && tags.every((tag, k) => tag === tagIds[k]);
}

type SlotArrays = Pick<IndexSource, "ids" | "names" | "points" | "category" | "hoursOf">;

/**
 * A source made from `source` (of `size` slots now), each of whose arrays of a value per slot is copied at its first
 * write of a value that differs: a business moved copies the points alone, and the arrays a change leaves as they were
 * are the same arrays as the source before's (none is written once its source is made). The small lists of places
 * (categories, tags, hours), which a change may add to, are copied each time.
 */
function copiedOnWrite(source: IndexSource, size: number) {
  const next: IndexSource = { ...source, categoryIds: source.categoryIds.slice(), tagIds: source.tagIds.slice(), hours: source.hours.slice(), hoursText: source.hoursText.slice() };
  const copied = new Set<string>();
  const own = <K extends keyof SlotArrays | "features">(key: K): IndexSource[K] => {
    if (copied.has(key)) return next[key];
    copied.add(key);
    const array = source[key];
    next[key] = (Array.isArray(array) ? array.slice() : grown(array as Int32Array | Uint32Array, size * (key === "features" ? FEATURE_WORDS : 1))) as IndexSource[K];
    return next[key];
  };
  const known = (slot: number) => slot < source.ids.length;
  return {
    source: next,
    set<K extends keyof SlotArrays>(key: K, slot: number, value: SlotArrays[K][number]): void {
      if (known(slot) && next[key][slot] === value) return;
      (own(key) as Array<SlotArrays[K][number]>)[slot] = value;
    },
    setFeatures(slot: number, words: Uint32Array): void {
      if (known(slot) && words.every((word, w) => next.features[slot * FEATURE_WORDS + w] === word)) return;
      own("features").set(words, slot * FEATURE_WORDS);
    },
  };
}

function grown<T extends Int32Array | Uint32Array>(array: T, size: number): T {
  const copy = new (array.constructor as new (size: number) => T)(size);
  copy.set(array);
  return copy;
}

/** The tag lists with those of `changed` slots replaced (slots past the source's end are new). */
function tagsWith(source: IndexSource, size: number, changed: ReadonlyMap<number, number[]>): Pick<IndexSource, "tagStart" | "tagList"> {
  // Most often (a business moved, renamed or refiled) no list changes length: the lists copied whole, those changed set.
  const sameLengths = size === source.ids.length && [...changed].every(([slot, tags]) => tags.length === source.tagStart[slot + 1]! - source.tagStart[slot]!);
  if (sameLengths) {
    const tagList = source.tagList.slice();
    for (const [slot, tags] of changed) tagList.set(tags, source.tagStart[slot]!);
    return { tagStart: source.tagStart.slice(), tagList };
  }
  const tagStart = new Uint32Array(size + 1);
  let length = 0;
  for (let slot = 0; slot < size; slot++) {
    length += changed.get(slot)?.length ?? (slot < source.ids.length ? source.tagStart[slot + 1]! - source.tagStart[slot]! : 0);
    tagStart[slot + 1] = length;
  }
  const tagList = new Uint32Array(length);
  for (let slot = 0; slot < size; slot++) {
    const tags = changed.get(slot);
    if (tags) tagList.set(tags, tagStart[slot]!);
    else if (slot < source.ids.length) tagList.set(source.tagList.subarray(source.tagStart[slot], source.tagStart[slot + 1]), tagStart[slot]!);
  }
  return { tagStart, tagList };
}
