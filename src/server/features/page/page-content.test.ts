import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import payloads from "#tests/fixtures/xss-payloads.json" with { type: "json" };
import { contentText, prepareContentForStorage, renderContent, sanitizeHtml } from "./page-content.ts";

const SAFE_LINK = /^(?:https?:|mailto:|tel:|[/#?.]|[^:]*$)/i;

/** Everything that could run script or restyle the page, found in a rendered fragment. */
function dangers(html: string): string[] {
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  const found: string[] = [];
  for (const element of document.body.querySelectorAll("*")) {
    const tag = element.tagName.toLowerCase();
    if (["script", "iframe", "frame", "object", "embed", "style", "link", "meta", "base", "form", "svg", "math", "template", "input", "button"].includes(tag)) found.push(`<${tag}>`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith("on") || name === "style" || name === "srcdoc" || name === "formaction" || name === "action") found.push(`${tag}[${name}]`);
      if ((name === "href" || name === "xlink:href") && !SAFE_LINK.test(attribute.value.trim())) found.push(`${tag}[${name}=${attribute.value}]`);
      if (name === "src" && /^\s*(?:javascript|vbscript|data:text)/i.test(attribute.value)) found.push(`${tag}[src=${attribute.value}]`);
    }
  }
  return found;
}

describe("page content sanitizing", () => {
  it.each(payloads.html)("stored and rendered HTML is harmless: %s", (payload) => {
    const stored = prepareContentForStorage(`<p>before</p>${payload}<p>after</p>`, "html");
    expect(dangers(stored)).toEqual([]);
    expect(dangers(renderContent(stored, "html"))).toEqual([]);
    expect(renderContent(stored, "html")).toContain("<p>before</p>");
  });

  it.each(payloads.markdown)("rendered Markdown is harmless: %s", (payload) => {
    expect(dangers(renderContent(payload, "markdown"))).toEqual([]);
  });

  it("keeps ordinary formatting and http, https, mailto, tel and on-site links", () => {
    const html =
      '<h2>Hours</h2><p><strong>Open</strong> <em>daily</em>.</p><ul><li>One</li></ul><a href="https://a.example">a</a><a href="http://b.example">b</a><a href="mailto:x@example.org">m</a><a href="tel:+19055550100">t</a><a href="/events">e</a>';
    // Links that leave the site are kept, marked as user content that the site does not vouch for.
    const external = html.replace(/<a href="(https?:[^"]+)">/g, '<a href="$1" rel="noopener nofollow ugc">');
    expect(sanitizeHtml(html)).toBe(external);
  });

  it("prefixes ids and names so content cannot clobber the page's globals", () => {
    expect(sanitizeHtml('<p id="__xss">a</p><a name="cookie">b</a>')).toBe('<p id="user-content-__xss">a</p><a name="user-content-cookie">b</a>');
  });

  it("drops links of any other scheme", () => {
    expect(sanitizeHtml('<a href="ftp://x.example/f">f</a><a href="file:///etc/passwd">p</a><a href="sms:123">s</a>')).toBe("<a>f</a><a>p</a><a>s</a>");
  });

  it("renders Markdown and keeps its source when stored", () => {
    expect(prepareContentForStorage("# Title\n\n<script>x</script>", "markdown")).toBe("# Title\n\n<script>x</script>");
    expect(renderContent("# Title\n\nSee [events](/events) and *more*.", "markdown")).toBe('<h1>Title</h1>\n<p>See <a href="/events">events</a> and <em>more</em>.</p>\n');
  });

  it("gives plain text for previews, words kept apart between blocks", () => {
    expect(contentText("<h2>Who</h2><p>We&nbsp;are <b>here</b></p><ul><li>a</li><li>b</li></ul>", "html")).toBe("Who We are here a b");
    expect(contentText("## Who\n\nWe **are**", "markdown")).toBe("Who We are");
  });
});

describe("images from data: URLs and links that leave the site", () => {
  it("keeps raster data: images and drops any other data: URL in an image", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    expect(sanitizeHtml(`<img src="${png}" alt="dot">`)).toBe(`<img src="${png}" alt="dot">`);
    for (const src of ["data:image/svg+xml,<svg onload=alert(1)>", "data:image/svg+xml;base64,PHN2Zz4=", " DATA:text/html,<script>alert(1)</script>", "data:application/octet-stream,x"]) {
      const html = sanitizeHtml(`<img src="${src.replace(/"/g, "&quot;")}" alt="x">`);
      expect(html, src).toBe('<img alt="x">');
    }
  });

  it("marks absolute and protocol-relative links as external, and leaves on-site links alone", () => {
    for (const href of ["//evil.example/x", "https://example.org", "http://example.org/a", "/\\evil.example", "/\t/evil.example"]) {
      const { document } = new JSDOM(`<body>${sanitizeHtml(`<a href="${href}">x</a>`)}</body>`).window;
      expect(document.querySelector("a")?.getAttribute("rel"), href).toBe("noopener nofollow ugc");
    }
    for (const href of ["/events", "#top", "mailto:a@example.org", "?page=2"]) {
      const { document } = new JSDOM(`<body>${sanitizeHtml(`<a href="${href}" rel="me">x</a>`)}</body>`).window;
      expect(document.querySelector("a")?.getAttribute("rel"), href).toBe("me");
    }
  });
});
