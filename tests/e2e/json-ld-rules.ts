// The properties search engines' rich results require (and the recommended ones this site can always give) for each
// schema.org type the site publishes, after Google Search Central's structured-data reference for each type.

type Node = Record<string, unknown>;

const isText = (v: unknown) => typeof v === "string" && v.trim() !== "";
const isAbsoluteUrl = (v: unknown) => isText(v) && /^https?:\/\/[^/\s]+/.test(v as string) && URL.canParse(v as string);
const isNumber = (v: unknown) => typeof v === "number" && Number.isFinite(v);
/** ISO 8601 date or date-time, as rich results ask. */
const isIsoDate = (v: unknown) => isText(v) && /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(v as string);
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && !Array.isArray(v);
const isTime = (v: unknown) => isText(v) && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v as string);
const isHoursSpecification = (v: unknown): v is Node => isNode(v) && v["@type"] === "OpeningHoursSpecification" && isTime(v.opens) && isTime(v.closes);

type Rule = [property: string, check: (value: unknown) => boolean, expected: string];

const place: Rule[] = [
  ["name", isText, "a name"],
  ["address", (v) => isText(v) || (isNode(v) && v["@type"] === "PostalAddress" && isText(v.streetAddress)), "an address"],
];
const organization: Rule[] = [
  ["name", isText, "a name"],
  ["url", isAbsoluteUrl, "an absolute URL"],
];

const RULES: Record<string, Rule[]> = {
  Organization: organization,
  LocalBusiness: [
    ["name", isText, "a name"],
    ["address", (v) => isNode(v) && v["@type"] === "PostalAddress" && isText(v.streetAddress), "a PostalAddress with a streetAddress"],
    ["geo", (v) => isNode(v) && v["@type"] === "GeoCoordinates" && isNumber(v.latitude) && isNumber(v.longitude), "GeoCoordinates in numbers"],
    ["url", isAbsoluteUrl, "an absolute URL"],
    ["@id", isAbsoluteUrl, "an absolute URL"],
  ],
  Event: [
    ["name", isText, "a name"],
    ["startDate", isIsoDate, "an ISO 8601 date"],
    ["location", (v) => isNode(v) && v["@type"] === "Place" && place.every(([p, check]) => check(v[p])), "a Place with a name and an address"],
    ["eventStatus", (v) => isText(v) && (v as string).startsWith("https://schema.org/Event"), "a schema.org EventStatusType"],
    ["eventAttendanceMode", (v) => isText(v) && (v as string).startsWith("https://schema.org/"), "a schema.org EventAttendanceModeEnumeration"],
    ["url", isAbsoluteUrl, "an absolute URL"],
  ],
  BlogPosting: [
    ["headline", (v) => isText(v) && (v as string).length <= 110, "a headline of at most 110 characters"],
    ["datePublished", isIsoDate, "an ISO 8601 date"],
    ["dateModified", isIsoDate, "an ISO 8601 date"],
    ["author", (v) => isNode(v) && isText(v.name), "an author with a name"],
    ["url", isAbsoluteUrl, "an absolute URL"],
  ],
  Offer: [
    ["url", isAbsoluteUrl, "an absolute URL"],
    ["seller", (v) => isNode(v) && isText(v.name), "a seller with a name"],
  ],
  ItemList: [
    [
      "itemListElement",
      (v) =>
        Array.isArray(v) &&
        v.length > 0 &&
        v.every((item, i) => isNode(item) && item["@type"] === "ListItem" && item.position === i + 1 && isAbsoluteUrl(item.url) && isText(item.name)),
      "ListItems numbered from 1, each with a name and an absolute URL",
    ],
  ],
};

/** Optional properties that, when given, must still be well-formed. */
const OPTIONAL: Record<string, Rule[]> = {
  Event: [
    ["image", isAbsoluteUrl, "an absolute URL"],
    ["offers", (v) => isNode(v) && v["@type"] === "Offer" && isAbsoluteUrl(v.url), "an Offer with an absolute URL"],
    ["organizer", (v) => isNode(v) && organization.every(([p, check]) => check(v[p])), "an Organization with a name and URL"],
    ["endDate", isIsoDate, "an ISO 8601 date"],
    ["previousStartDate", isIsoDate, "an ISO 8601 date"],
  ],
  LocalBusiness: [
    ["image", (v) => isAbsoluteUrl(v) || (Array.isArray(v) && v.length > 0 && v.every(isAbsoluteUrl)), "an absolute URL or a list of them"],
    ["logo", isAbsoluteUrl, "an absolute URL"],
    ["telephone", isText, "a telephone number"],
    ["sameAs", (v) => Array.isArray(v) && v.length > 0 && v.every(isAbsoluteUrl), "a list of absolute URLs"],
    ["openingHoursSpecification", (v) => Array.isArray(v) && v.length > 0 && v.every((s) => isHoursSpecification(s) && Array.isArray(s.dayOfWeek) && s.dayOfWeek.every((d: unknown) => isText(d) && /^https:\/\/schema\.org\/(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/.test(d as string))), "OpeningHoursSpecifications with schema.org days of the week and HH:MM times"],
    ["specialOpeningHoursSpecification", (v) => Array.isArray(v) && v.length > 0 && v.every((s) => isHoursSpecification(s) && isIsoDate(s.validFrom) && isIsoDate(s.validThrough) && (s.validFrom as string) <= (s.validThrough as string)), "OpeningHoursSpecifications with validFrom and validThrough dates"],
    ["amenityFeature", (v) => Array.isArray(v) && v.length > 0 && v.every((f) => isNode(f) && f["@type"] === "LocationFeatureSpecification" && isText(f.name) && f.value === true), "LocationFeatureSpecifications, each with a name and value true"],
  ],
  ItemList: [["numberOfItems", isNumber, "a number"]],
  BlogPosting: [["image", isAbsoluteUrl, "an absolute URL"]],
  Offer: [
    ["validFrom", isIsoDate, "an ISO 8601 date"],
    ["validThrough", isIsoDate, "an ISO 8601 date"],
  ],
};

/** Problems with one parsed JSON-LD block; records each type it meets in `seen`. */
export function jsonLdProblems(data: unknown, seen: Set<string>): string[] {
  if (!isNode(data)) return ["a JSON-LD block must be an object"];
  const problems: string[] = [];
  if (data["@context"] !== "https://schema.org") problems.push(`@context is ${JSON.stringify(data["@context"])}, not "https://schema.org"`);
  const type = data["@type"];
  if (typeof type !== "string" || !(type in RULES)) return [...problems, `unexpected @type ${JSON.stringify(type)}`];
  seen.add(type);
  for (const [property, check, expected] of RULES[type]!) {
    if (!check(data[property])) problems.push(`${type} "${String(data.name)}": ${property} must be ${expected}, is ${JSON.stringify(data[property])}`);
  }
  for (const [property, check, expected] of OPTIONAL[type] ?? []) {
    if (data[property] !== undefined && !check(data[property])) {
      problems.push(`${type} "${String(data.name)}": ${property} must be ${expected}, is ${JSON.stringify(data[property])}`);
    }
  }
  // A rescheduled event says from when (Google's rule for EventRescheduled); no other status has a previous start.
  if (type === "Event") {
    const rescheduled = data.eventStatus === "https://schema.org/EventRescheduled";
    if (rescheduled && data.previousStartDate === undefined) problems.push(`Event "${String(data.name)}": a rescheduled event must give its previousStartDate`);
    if (!rescheduled && data.previousStartDate !== undefined) problems.push(`Event "${String(data.name)}": only a rescheduled event has a previousStartDate`);
    if (rescheduled && data.previousStartDate === data.startDate) problems.push(`Event "${String(data.name)}": previousStartDate is its startDate`);
  }
  if (type === "ItemList" && Array.isArray(data.itemListElement) && data.numberOfItems !== data.itemListElement.length) {
    problems.push(`ItemList "${String(data.name)}": numberOfItems differs from the number of entries`);
  }
  return problems;
}
