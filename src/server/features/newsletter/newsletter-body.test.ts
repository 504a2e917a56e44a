import { describe, expect, it } from "vitest";
import { MAIL_IMAGE_WIDTH, newsletterMailBody, sanitizeNewsletterBody } from "./newsletter-body.ts";

const SITE = "https://assoc.example.org";
const OWN = "/files/newsletter_images/harbour_1767225600000_abc123.webp";
const stored = (html: string) => sanitizeNewsletterBody(html, SITE);

describe("a newsletter's text as stored", () => {
  it("keeps an image of the site's own uploads, relative, with its alt, width and height only", () => {
    const body = stored(`<p>Hi</p><img src="${OWN}" alt="The harbour at dawn" width="640" height="480" title="t" class="x" onerror="alert(1)" loading="lazy">`);
    expect(body.html).toBe(`<p>Hi</p><img src="${OWN}" alt="The harbour at dawn" width="640" height="480">`);
    expect(body.images).toEqual(["newsletter_images/harbour_1767225600000_abc123.webp"]);
    expect(body.imagesWithoutAlt).toBe(0);
  });

  it("writes an image on the site's own address as a relative one", () => {
    expect(stored(`<img src="${SITE}${OWN}" alt="">`).html).toBe(`<img src="${OWN}" alt="">`);
    expect(stored(`<img src="HTTPS://ASSOC.EXAMPLE.ORG${OWN}" alt="">`).html).toBe(`<img src="${OWN}" alt="">`);
  });

  it.each([
    ["a script address", `<img src="javascript:alert(1)" alt="x">`],
    ["another host", `<img src="https://tracker.example.com${OWN}" alt="x">`],
    ["another host that starts like ours", `<img src="${SITE}.evil.example${OWN}" alt="x">`],
    ["a protocol-relative host", `<img src="//tracker.example.com${OWN}" alt="x">`],
    ["a data URL", `<img src="data:image/png;base64,iVBORw0KGgo=" alt="x">`],
    ["a page of the site that is no upload", `<img src="/api/v1/me" alt="x">`],
    ["a way out of the uploads", `<img src="/files/../niche.sqlite" alt="x">`],
    ["an upload with a query", `<img src="${OWN}?track=1" alt="x">`],
    ["no source", `<img alt="x" onerror="alert(1)">`],
    ["an SVG", `<svg><image href="${OWN}"></image></svg>`],
  ])("drops an image from %s", (_, html) => {
    const body = stored(`<p>Text</p>${html}`);
    expect(body.html).toBe("<p>Text</p>");
    expect(body.images).toEqual([]);
  });

  it("drops sizes that are not whole pixels", () => {
    expect(stored(`<img src="${OWN}" alt="x" width="100%" height="1e9">`).html).toBe(`<img src="${OWN}" alt="x">`);
  });

  it("counts images with no text alternative; a decorative one has an empty alt", () => {
    expect(stored(`<img src="${OWN}"><img src="${OWN}" alt="">`).imagesWithoutAlt).toBe(1);
  });

  it("still applies the site's rules to the rest", () => {
    expect(stored(`<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:x()">link</a>`).html).toBe("<p>Hi</p><a>link</a>");
  });
});

describe("a newsletter's text in a mail", () => {
  it("shows its images at the site's full address, narrowing on a phone, at most the page's width", () => {
    const html = newsletterMailBody(`<img src="${OWN}" alt="The harbour" width="1600" height="1200">`, SITE);
    expect(html).toContain(`src="${SITE}${OWN}"`);
    expect(html).toContain(`width="${MAIL_IMAGE_WIDTH}" height="${Math.round((1200 * MAIL_IMAGE_WIDTH) / 1600)}"`);
    expect(html).toMatch(/style="[^"]*max-width:100%;height:auto/);
  });

  it("keeps a small image's own size and drops anything not of the site's uploads", () => {
    const html = newsletterMailBody(`<img src="${OWN}" alt="Logo" width="120" height="60"><img src="https://elsewhere.example/x.png" alt="x">`, SITE);
    expect(html).toContain('width="120" height="60"');
    expect(html).not.toContain("elsewhere");
  });
});
