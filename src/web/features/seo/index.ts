// The seo feature's public face: JSON-LD and a page's meta tags.
export { itemListJsonLd, type ListedItem } from "./item-list-json-ld.ts";
export { JsonLd } from "./json-ld.tsx";
export { absoluteUrl, pageMeta, siteOrigin } from "./page-meta.ts";
