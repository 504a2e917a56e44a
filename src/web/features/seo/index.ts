// The seo feature's public face: JSON-LD and a page's meta tags.
export { itemListJsonLd, type ListedItem } from "./item-list-json-ld.ts";
export { JsonLd } from "./json-ld.tsx";
export { absoluteUrl, pageMeta, siteOrigin } from "./page-meta.ts";
export { feedPath, metaText, type MetaText } from "./meta-text.ts";
export { blogPostingJsonLd, type PostForJsonLd } from "./blog-posting-json-ld.ts";
export { breadcrumbJsonLd, organizationJsonLd, plainPrice, postalAddressJsonLd, SITE_LOGO_PATH, type Crumb } from "./structured-data.ts";
