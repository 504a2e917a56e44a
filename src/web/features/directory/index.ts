// The directory feature's public face: the pages listing the businesses of a category or a tag.
export { BusinessListPage } from "./business-list-page.tsx";
export { businessListMeta, loadBusinessList } from "./business-list-route.ts";
export { CATEGORY_LIST, TAG_LIST, type BusinessList } from "./business-lists.ts";
