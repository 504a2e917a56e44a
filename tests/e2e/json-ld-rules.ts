// The properties search engines' rich results require and recommend for each schema.org type the site publishes, after
// Google Search Central's structured-data reference for each type (LocalBusiness, Event, Offer as a product's or an
// event's offer, Article for BlogPosting, Organization, Breadcrumb) and schema.org's definitions.

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

const has = (node: Node, rules: Rule[]) => rules.every(([p, check]) => check(node[p]));
const isImage = (v: unknown) => isAbsoluteUrl(v) || (isNode(v) && v["@type"] === "ImageObject" && isAbsoluteUrl(v.url));
const isImages = (v: unknown) => isImage(v) || (Array.isArray(v) && v.length > 0 && v.every(isImage));
const isSchemaEnum = (prefix: string) => (v: unknown) => isText(v) && (v as string).startsWith(`https://schema.org/${prefix}`);
/** An address in parts as rich results ask for a business: every part given. */
const isFullAddress = (v: unknown) =>
  isNode(v) && v["@type"] === "PostalAddress" && ["streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"].every((p) => isText(v[p]));
/** Any PostalAddress: at least its street (a place outdoors is known by its description only). */
const isPostalAddress = (v: unknown) => isNode(v) && v["@type"] === "PostalAddress" && isText(v.streetAddress);

const place: Rule[] = [
  ["name", isText, "a name"],
  ["address", isPostalAddress, "a PostalAddress with a streetAddress"],
];
const organization: Rule[] = [
  ["name", isText, "a name"],
  ["url", isAbsoluteUrl, "an absolute URL"],
];
/** The association: also its logo. */
const association: Rule[] = [...organization, ["logo", isImage, "an ImageObject with an absolute URL"]];
const isOrganization = (v: unknown) => isNode(v) && (v["@type"] === "Organization" || v["@type"] === "LocalBusiness") && has(v, organization);
const isPerson = (v: unknown) => isNode(v) && v["@type"] === "Person" && isText(v.name);
const isSeller = (v: unknown) => isNode(v) && (v["@type"] === "LocalBusiness" || v["@type"] === "Organization") && isText(v.name);
/** An offer's price, when it has one: a number, and then its currency as an ISO 4217 code. */
const isPrice = (v: unknown) => isNumber(v) || (isText(v) && /^\d+(\.\d+)?$/.test(v as string));
const isCurrency = (v: unknown) => isText(v) && /^[A-Z]{3}$/.test(v as string);
const isTicketOffer = (v: unknown) =>
  isNode(v) && v["@type"] === "Offer" && isAbsoluteUrl(v.url) && isSchemaEnum("")(v.availability) && isIsoDate(v.validFrom) && (v.price === undefined || (isPrice(v.price) && isCurrency(v.priceCurrency)));

/**
 * What each type must have: Google's required properties and the recommended ones this site fills from its data (a
 * missing one fails). Properties that only some items have data for are in OPTIONAL below, checked when given.
 */
const RULES: Record<string, Rule[]> = {
  Organization: association,
  LocalBusiness: [
    ["name", isText, "a name"],
    ["address", isFullAddress, "a PostalAddress with streetAddress, addressLocality, addressRegion, postalCode and addressCountry"],
    ["geo", (v) => isNode(v) && v["@type"] === "GeoCoordinates" && isNumber(v.latitude) && isNumber(v.longitude), "GeoCoordinates in numbers"],
    ["url", isAbsoluteUrl, "an absolute URL"],
    ["@id", isAbsoluteUrl, "an absolute URL"],
    ["telephone", isText, "a telephone number"],
  ],
  Event: [
    ["name", isText, "a name"],
    ["startDate", isIsoDate, "an ISO 8601 date"],
    ["location", (v) => isNode(v) && v["@type"] === "Place" && has(v, place), "a Place with a name and a PostalAddress"],
    ["eventStatus", isSchemaEnum("Event"), "a schema.org EventStatusType"],
    ["eventAttendanceMode", isSchemaEnum(""), "a schema.org EventAttendanceModeEnumeration"],
    ["url", isAbsoluteUrl, "an absolute URL"],
    ["image", isImages, "an absolute URL"],
    ["organizer", isOrganization, "an Organization with a name and URL"],
  ],
  BlogPosting: [
    ["headline", (v) => isText(v) && (v as string).length <= 110, "a headline of at most 110 characters"],
    ["datePublished", isIsoDate, "an ISO 8601 date"],
    ["dateModified", isIsoDate, "an ISO 8601 date"],
    ["author", (v) => isPerson(v) || isOrganization(v), "a Person with a name, or an Organization with a name and URL"],
    ["publisher", (v) => isNode(v) && v["@type"] === "Organization" && has(v, association), "an Organization with a name, URL and logo"],
    ["image", isImages, "an absolute URL"],
    ["url", isAbsoluteUrl, "an absolute URL"],
  ],
  Offer: [
    ["url", isAbsoluteUrl, "an absolute URL"],
    ["seller", isSeller, "a seller with a name"],
    ["offeredBy", isSeller, "the business that offers it, with a name"],
    ["availability", isSchemaEnum(""), "a schema.org ItemAvailability"],
    ["validFrom", isIsoDate, "an ISO 8601 date"],
    ["image", isImages, "an absolute URL"],
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
  BreadcrumbList: [
    [
      "itemListElement",
      (v) =>
        Array.isArray(v) &&
        v.length >= 2 &&
        v.every((item, i) => isNode(item) && item["@type"] === "ListItem" && item.position === i + 1 && isText(item.name) && isAbsoluteUrl(item.item)),
      "at least two ListItems numbered from 1, each with a name and an absolute URL as item",
    ],
  ],
};

/** Optional properties that, when given, must still be well-formed. */
const OPTIONAL: Record<string, Rule[]> = {
  Organization: [["sameAs", (v) => Array.isArray(v) && v.length > 0 && v.every(isAbsoluteUrl), "a list of absolute URLs"]],
  Event: [
    ["offers", isTicketOffer, "an Offer with an absolute URL, availability and validFrom (and a price with its currency, when given)"],
    ["endDate", isIsoDate, "an ISO 8601 date"],
    ["previousStartDate", isIsoDate, "an ISO 8601 date"],
  ],
  LocalBusiness: [
    ["image", isImages, "an absolute URL or a list of them"],
    ["logo", isAbsoluteUrl, "an absolute URL"],
    ["priceRange", (v) => isText(v) && /^\${1,4}$/.test(v as string), "$ to $$$$"],
    ["sameAs", (v) => Array.isArray(v) && v.length > 0 && v.every(isAbsoluteUrl), "a list of absolute URLs"],
    ["openingHoursSpecification", (v) => Array.isArray(v) && v.length > 0 && v.every((s) => isHoursSpecification(s) && Array.isArray(s.dayOfWeek) && s.dayOfWeek.every((d: unknown) => isText(d) && /^https:\/\/schema\.org\/(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day$/.test(d as string))), "OpeningHoursSpecifications with schema.org days of the week and HH:MM times"],
    ["specialOpeningHoursSpecification", (v) => Array.isArray(v) && v.length > 0 && v.every((s) => isHoursSpecification(s) && isIsoDate(s.validFrom) && isIsoDate(s.validThrough) && (s.validFrom as string) <= (s.validThrough as string)), "OpeningHoursSpecifications with validFrom and validThrough dates"],
    ["amenityFeature", (v) => Array.isArray(v) && v.length > 0 && v.every((f) => isNode(f) && f["@type"] === "LocationFeatureSpecification" && isText(f.name) && f.value === true), "LocationFeatureSpecifications, each with a name and value true"],
  ],
  ItemList: [["numberOfItems", isNumber, "a number"]],
  Offer: [
    ["price", isPrice, "a number"],
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
  // A price means nothing without its currency, nor a currency without a price.
  if (type === "Offer" && (data.price === undefined) !== (data.priceCurrency === undefined || !isCurrency(data.priceCurrency))) {
    problems.push(`Offer "${String(data.name)}": price and priceCurrency (an ISO 4217 code) go together, are ${JSON.stringify([data.price, data.priceCurrency])}`);
  }
  if (type === "ItemList" && Array.isArray(data.itemListElement) && data.numberOfItems !== data.itemListElement.length) {
    problems.push(`ItemList "${String(data.name)}": numberOfItems differs from the number of entries`);
  }
  return problems;
}
