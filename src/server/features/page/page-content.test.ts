import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import payloads from "../../../../tests/fixtures/xss-payloads.json" with { type: "json" };
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
    expect(sanitizeHtml(html)).toBe(html);
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
