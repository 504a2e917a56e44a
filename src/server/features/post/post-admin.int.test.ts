// The Posts tab's writes: rules and messages, the author and editor, sanitized content (saved and shown), images and the audit trail.
import { describe, expect, it } from "vitest";
import { createPost, createUser } from "#server/db/factories.ts";
import { makeImage } from "#tests/fixtures/images.ts";
import { auditTrail, invalidOf, setUp, setUpSignIn, setUpTestApp } from "#tests/setup/app.ts";
import { HOME_LIST_LIMIT, TRUNCATE } from "#shared/constants.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const author = setUp(() => createUser(t.database.db, { displayName: "Aaron Author" }));

const asAdmin = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: admin.cookie });
const valid = () => ({ title: "Street fair", authorUid: author.id, content: "<p>Join us <strong>Saturday</strong>.</p>", datetime: "2031-03-01T15:00:00.000Z" });

describe("posts (admin)", () => {
  it("adds a post with the author's display name, the admin as editor, and a null link when empty", async () => {
    const response = await asAdmin("/api/v1/posts", { method: "POST", json: { ...valid(), link: "" } });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      title: "Street fair",
      authorUid: author.id,
      authorDisplayName: "Aaron Author",
      editorUid: admin.user.id,
      link: null,
      datetime: "2031-03-01T15:00:00.000Z",
      content: "<p>Join us <strong>Saturday</strong>.</p>",
    });
  });

  it("lists the authors by display name, case and accents aside", async () => {
    for (const displayName of ["zoë zed", "Zelda Zed", "Émile East"]) await createUser(t.database.db, { displayName });
    const authors = await (await asAdmin("/api/v1/admin/post-authors")).json();
    const names: string[] = authors.map((a: { displayName: string }) => a.displayName);
    expect(names.filter((name) => ["Aaron Author", "Émile East", "Zelda Zed", "zoë zed"].includes(name))).toEqual(["Aaron Author", "Émile East", "Zelda Zed", "zoë zed"]);
    expect(authors[0]).toEqual({ id: expect.any(String), displayName: expect.any(String) });
  });

  it('answers "Title, Author, Content, and Datetime are required." when one is missing', async () => {
    for (const missing of ["title", "authorUid", "content", "datetime"] as const) {
      const error = await invalidOf(await asAdmin("/api/v1/posts", { method: "POST", json: { ...valid(), [missing]: " " } }));
      expect(error.message, missing).toBe("Title, Author, Content, and Datetime are required.");
    }
    // Content that the sanitizer empties is no content.
    const error = await invalidOf(await asAdmin("/api/v1/posts", { method: "POST", json: { ...valid(), content: "<script>alert(1)</script>" } }));
    expect(error.message).toBe("Title, Author, Content, and Datetime are required.");
  });

  it("refuses a link that is not an http(s) address and an author who does not exist", async () => {
    const error = await invalidOf(await asAdmin("/api/v1/posts", { method: "POST", json: { ...valid(), link: "javascript:alert(1)" } }));
    expect(error.message).toBe("Link must be a web address starting with http:// or https://.");
    const unknown = await invalidOf(await asAdmin("/api/v1/posts", { method: "POST", json: { ...valid(), authorUid: "nobody" } }));
    expect(unknown.message).toBe("The chosen author no longer exists. Please choose another author.");
  });

  it("sanitizes the content before it is stored", async () => {
    const response = await asAdmin("/api/v1/posts", {
      method: "POST",
      json: { ...valid(), content: '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(1)">there</a></p><img src=x onerror=alert(1)>' },
    });
    const post = await response.json();
    expect(post.content).toBe('<p>Hi <a>there</a></p><img src="x">');
    const stored = await t.database.db.selectFrom("post").select("content").where("id", "=", post.id).executeTakeFirstOrThrow();
    expect(stored.content).toBe('<p>Hi <a>there</a></p><img src="x">');
  });

  it("sanitizes again when showing, and the home page gets plain text cut to 200 characters", async () => {
    const raw = `<p>Hello <b>friends</b></p><script>alert(1)</script><img src=x onerror="alert(1)"><p>${"word ".repeat(60)}</p>`;
    const post = await createPost(t.database.db, { title: "Imported", content: raw, datetime: "2099-01-01T00:00:00.000Z" });
    const list = await (await t.request("/api/v1/posts?limit=50")).json();
    expect(list.find((p: { id: string }) => p.id === post.id).content).toBe(`<p>Hello <b>friends</b></p><img src="x"><p>${"word ".repeat(60)}</p>`);

    // What the home page's post cards show.
    const home = await t.services.posts.listAsText({ limit: HOME_LIST_LIMIT, max: TRUNCATE.homePost });
    const card = home.find((p) => p.id === post.id);
    const text = `Hello friends ${"word ".repeat(60)}`.trim();
    expect(card?.content).toBe(`${text.slice(0, 200)}...`);
    expect(card?.content).not.toMatch(/[<>]/);

    const admin = await (await asAdmin("/api/v1/admin/posts?pageSize=200")).json();
    expect(admin.items.find((p: { id: string }) => p.id === post.id).contentPreview).toBe(`${text.slice(0, 100)}...`);
  });

  it("attaches, replaces and deletes the post's image, and records each change", async () => {
    const upload = async () => t.services.files.upload({ user: admin.user, kind: "postImage", fileName: "photo.png", bytes: await makeImage("png") });
    const first = await upload();
    expect(first.fullPath).toMatch(/^posts_images\/temp_[^/]+\/post_\d+_photo\.webp$/);
    const created = await (await asAdmin("/api/v1/posts", { method: "POST", json: { ...valid(), title: "Pictured", imagePath: first.fullPath } })).json();
    expect(created.imageUrl).toBe(first.url);

    const second = await t.services.files.upload({ user: admin.user, kind: "postImage", fileName: "new.png", postId: created.id, bytes: await makeImage("png") });
    expect(second.fullPath.startsWith(`posts_images/${created.id}/post_`)).toBe(true);
    const updated = await (await asAdmin(`/api/v1/posts/${created.id}`, { method: "PUT", json: { ...valid(), title: "Pictured 2", imagePath: second.fullPath } })).json();
    expect(updated).toMatchObject({ imageUrl: second.url, imagePath: second.fullPath, editorUid: admin.user.id });
    expect((await t.request(first.url)).status).toBe(404);

    expect((await asAdmin(`/api/v1/posts/${created.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await t.request(second.url)).status).toBe(404);
    expect((await asAdmin(`/api/v1/posts/${created.id}`, { method: "DELETE" })).status).toBe(404);

    const trail = await auditTrail(t, admin.cookie, "post", created.id);
    expect(trail.map((e) => [e.action, e.summary])).toEqual([
      ["delete", "Pictured 2"],
      ["update", "Pictured 2"],
      ["create", "Pictured"],
    ]);
  });
});
