// The news feed as a feed reader and a namespace-aware XML parser read it.
import { describe, expect, it } from "vitest";
import { JSDOM } from "jsdom";
import { parseFeed } from "@rowanmanning/feed-parser";
import { buildPost } from "#server/db/factories.ts";
import { PostSchema } from "#shared/schemas/post.ts";
import { newsFeed } from "./feeds.ts";

const options = { siteUrl: "https://downtown.example", associationName: "Downtown", images: new Map() };

describe("the news feed", () => {
  it("declares the Dublin Core prefix of its authors when no post has content", () => {
    const post = PostSchema.parse(buildPost({ title: "Only a title", content: "", authorDisplayName: "Pat Lee" }));
    const text = newsFeed([post], () => "", options);
    const document = new JSDOM(text, { contentType: "application/xml" }).window.document;
    expect([...document.getElementsByTagNameNS("http://purl.org/dc/elements/1.1/", "creator")].map((e) => e.textContent)).toEqual(["Pat Lee"]);
    expect(parseFeed(text).items[0]!.authors.map((a) => a.name)).toEqual(["Pat Lee"]);
  });
});
