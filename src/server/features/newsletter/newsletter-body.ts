// What a newsletter's text (a newsletter's body, a digest's introduction) may hold: the site's rich-text rules, and
// images only from the site's own uploads. A mail is read on other sites and mail programs, so an image from anywhere
// else would tell a third party who opened it and when; one of ours is stored relative to the site, and made absolute
// (the site's public address) only in the mail.
import { sanitizeHtml } from "#server/features/page/index.ts";
import { fileUrl, pathFromUrl } from "#server/storage/file.service.ts";

/** The widest an image is drawn in a mail: its 600 px page less the page's padding. */
export const MAIL_IMAGE_WIDTH = 568;

const KEPT_ATTRIBUTES = new Set(["src", "alt", "width", "height"]);
const PIXELS = /^\d{1,4}$/;
/** A `/files/` URL and nothing else: no query, fragment, backslash or second host. */
const FILE_URL = /^\/files\/[A-Za-z0-9._~%/-]+$/;

/** The stored path behind an image's source, when it is one of the site's uploads (relative, or on the site's origin). */
export function ownUploadPath(src: string, siteUrl: string): string | null {
  let value = src.replace(/[\t\n\r]/g, "").trim();
  const prefix = [siteUrl, new URL(siteUrl).origin].find((p) => value.toLowerCase().startsWith(`${p.toLowerCase()}/`));
  if (prefix) value = value.slice(prefix.length);
  return FILE_URL.test(value) ? pathFromUrl(value) : null;
}

/** Keeps an image of ours with its source at `address(path)` and its own attributes only; null drops it. */
function ownImage(img: Element, siteUrl: string, address: (path: string) => string): string | null {
  const path = ownUploadPath(img.getAttribute("src") ?? "", siteUrl);
  if (!path) return null;
  for (const name of img.getAttributeNames()) if (!KEPT_ATTRIBUTES.has(name)) img.removeAttribute(name);
  for (const name of ["width", "height"]) if (img.hasAttribute(name) && !PIXELS.test(img.getAttribute(name)!)) img.removeAttribute(name);
  img.setAttribute("src", address(path));
  return path;
}

export interface NewsletterBody {
  html: string;
  /** The stored paths of the images it shows, in order. */
  images: string[];
  /** Images with no text alternative at all (a decorative one has `alt=""`). */
  imagesWithoutAlt: number;
}

/**
 * Sanitizes a newsletter's text as it is stored: an image stays only with a source among the site's uploads
 * (written as its relative `/files/...` URL), with `alt`, `width` and `height` and no other attribute.
 */
export function sanitizeNewsletterBody(html: string, siteUrl: string): NewsletterBody {
  const images: string[] = [];
  let imagesWithoutAlt = 0;
  const clean = sanitizeHtml(html, {
    images: (img) => {
      const path = ownImage(img, siteUrl, fileUrl);
      if (!path) return false;
      images.push(path);
      if (!img.hasAttribute("alt")) imagesWithoutAlt++;
      return true;
    },
  });
  return { html: clean, images, imagesWithoutAlt };
}

/**
 * A newsletter's text as a mail shows it: sanitized as it is stored, each image at the site's full address, at most
 * the page's width and narrowing with a phone's screen (mail programs read inline styles, not the page's CSS).
 */
export function newsletterMailBody(html: string, siteUrl: string): string {
  return sanitizeHtml(html, {
    images: (img) => {
      if (!ownImage(img, siteUrl, (path) => `${siteUrl}${fileUrl(path)}`)) return false;
      if (!img.hasAttribute("alt")) img.setAttribute("alt", "");
      const width = Number(img.getAttribute("width") ?? 0);
      // Outlook on Windows ignores max-width and draws the width attribute: it is capped at the page's width.
      if (width > MAIL_IMAGE_WIDTH) {
        img.setAttribute("width", String(MAIL_IMAGE_WIDTH));
        const height = Number(img.getAttribute("height") ?? 0);
        if (height > 0) img.setAttribute("height", String(Math.round((height * MAIL_IMAGE_WIDTH) / width)));
      }
      img.setAttribute("style", "display:block;max-width:100%;height:auto;border:0;margin:16px 0");
      return true;
    },
  });
}
