// The page feature's public face: a page's rich content.
export { RichContent } from "./rich-content.tsx";
