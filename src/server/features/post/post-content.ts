// Post content is rich text (HTML) made safe by the same sanitizer as the CMS pages: when saved, and
// again whenever it is shown, so a row written by any other path is still harmless.
import { contentText, sanitizeHtml } from "#server/features/page/index.ts";

export function sanitizePostContent(html: string): string {
  return sanitizeHtml(html);
}

/** The content as plain text (for previews such as the home page's 200 characters): no markup at all. */
export function postText(html: string): string {
  return contentText(html, "html");
}
