// The business feature's public face: its page's gallery, links and JSON-LD, and the editors of its photos and links.
export { businessJsonLd } from "./business-json-ld.ts";
export { PhotoGallery } from "./photo-gallery.tsx";
export { PhotosEditor } from "./photos-editor.tsx";
export { SocialLinks } from "./social-links.tsx";
export { SocialLinksEditor } from "./social-links-editor.tsx";
