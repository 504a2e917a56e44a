// The directory feature's public face: the pages listing the businesses of a category or a tag.
export { BusinessListPage } from "./business-list-page.tsx";
export { businessListMeta, loadBusinessList } from "./business-list-route.ts";
