// Rich content made safe: HTML (or Markdown rendered by marked) through DOMPurify on a jsdom window.
// Used when content is saved and again whenever it is rendered, so a row written by any other path
// (an old version, a database restore, a direct edit) is still harmless when shown.
import { createRequire } from "node:module";
import createDOMPurify, { type Config, type DOMPurify } from "dompurify";
import type { JSDOM as JSDOMClass } from "jsdom";
import { marked } from "marked";
import type { PageContentFormat } from "#shared/schemas/page.ts";

// jsdom is large (tens of MB once loaded): it is loaded the first time content is sanitized, not at start.
const require = createRequire(import.meta.url);
let dom: { window: JSDOMClass["window"]; purify: DOMPurify } | undefined;
function sanitizer() {
  if (dom) return dom;
  const { JSDOM } = require("jsdom") as { JSDOM: typeof JSDOMClass };
  const { window } = new JSDOM("");
  const purify = createDOMPurify(window);
  purify.addHook("afterSanitizeAttributes", linkAndImageRules);
  dom = { window, purify };
  return dom;
}

/** Inline images only in raster formats: an SVG (or any other document) in a data: URL can carry script. */
const RASTER_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp|avif)[;,]/i;
/** Links that leave the site, protocol-relative ones (`//host`, which browsers also read from `\\host`) included. */
const EXTERNAL_LINK = /^(?:https?:)?[\\/]{2}/i;

/** What a caller's rule for images (`SanitizeOptions.images`) sees during one `sanitizeHtml` call. */
let imageRule: SanitizeOptions["images"];

function linkAndImageRules(node: Element) {
  const src = node.getAttribute("src");
  if (src !== null && /^\s*data:/i.test(src) && !RASTER_DATA_URL.test(src.trim())) node.removeAttribute("src");
  const href = node.getAttribute("href");
  // Browsers drop tabs and line breaks inside URLs before reading them.
  if (node.tagName === "A" && href !== null && EXTERNAL_LINK.test(href.replace(/[\t\n\r]/g, "").trim())) {
    node.setAttribute("rel", "noopener nofollow ugc");
  }
  // Removing the node being visited is safe here: DOMPurify walks with a NodeIterator, which steps past removed nodes.
  if (imageRule && node.tagName === "IMG" && !imageRule(node)) node.remove();
}

/** http, https, mailto and tel, plus addresses on this site (relative, or a fragment). */
const ALLOWED_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG: Config = {
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  // Layout and behaviour stay ours: no styles, frames, forms, embedded documents or vector graphics.
  FORBID_TAGS: ["style", "iframe", "frame", "frameset", "object", "embed", "form", "input", "button", "textarea", "select", "option", "svg", "math", "template", "link", "meta", "base"],
  FORBID_ATTR: ["style", "srcset", "action", "formaction", "xlink:href"],
  ALLOW_DATA_ATTR: false,
  // id and name values get a "user-content-" prefix, so content cannot clobber globals such as window.<id>.
  SANITIZE_NAMED_PROPS: true,
  ALLOW_ARIA_ATTR: true,
};

export interface SanitizeOptions {
  /**
   * A stricter rule for images, given each <img> once the general rules have run (a `javascript:` or SVG source is
   * already gone): it may rewrite the image's attributes, and the image is dropped when it answers false.
   */
  images?: ((img: Element) => boolean) | undefined;
}

export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const { purify } = sanitizer();
  imageRule = options.images;
  try {
    return purify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
  } finally {
    imageRule = undefined;
  }
}

function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true }) as string;
}

/** What is stored: HTML is sanitized; Markdown keeps its source (it is only ever shown as text, or rendered through `renderContent`). */
export function prepareContentForStorage(content: string, format: PageContentFormat): string {
  return format === "html" ? sanitizeHtml(content) : content;
}

/** Safe HTML for visitors, whichever format the content was written in. */
export function renderContent(content: string, format: PageContentFormat): string {
  return sanitizeHtml(format === "markdown" ? markdownToHtml(content) : content);
}

/** Plain text of the rendered content with whitespace collapsed, for list previews. */
export function contentText(content: string, format: PageContentFormat): string {
  const holder = sanitizer().window.document.createElement("div");
  holder.innerHTML = renderContent(content, format);
  // Block elements run together in textContent; a space between them keeps words apart.
  for (const block of holder.querySelectorAll("p, h1, h2, h3, h4, h5, h6, li, br, div, tr, blockquote")) block.append(" ");
  return (holder.textContent ?? "").replace(/\s+/g, " ").trim();
}
