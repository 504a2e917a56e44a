// One file, one owner, as events and posts keep it alike: an item's image cannot be an upload another item of its kind,
// a business, an item of the other kind or the site settings already show. Refused beside the image field with
// nothing saved; the item's own image and a fresh upload are taken.
import { expect, it } from "vitest";
import { createCategory } from "#server/db/factories.ts";
import { DEFAULT_SITE_SETTINGS } from "#server/features/site-settings/site-settings.repository.ts";
import type { UploadKind } from "#shared/upload-kinds.ts";
import { errorOf, type ApiError, type TestApp } from "./app.ts";
import { served as servedAt } from "./uploads.ts";

/** The items of one kind, events or posts, and the test file's ways of adding and reading them. */
export interface ImageItems {
  /** "event" or "post", as the tests' names speak of one. */
  noun: string;
  /** The other kind's image, as the tests' names speak of it ("a post's image"). */
  otherImage: string;
  /** The items' collection in the API, "/api/v1/events". */
  path: string;
  kind: UploadKind;
  /** The field that names an item, as `seen` answers it. */
  nameField: "name" | "title";
  /** The names the tests give their items, by their place in the tests. */
  names: Record<"alpha" | "alphaAgain" | "beta" | "betaRenamed" | "gamma" | "delta" | "deltaAgain" | "echo", string>;
  /** The error an image in use is refused with. */
  refused: ApiError;
  /** What the administrator's form sends for an item. */
  body: (name: string, imagePath: string | null) => object;
  send: (method: string, path: string, json?: unknown) => Response | Promise<Response>;
  /** An image of this kind uploaded by the administrator; its stored path. */
  uploaded: (kind: UploadKind) => Promise<string>;
  /** Adds an item; its id. */
  add: (name: string, imagePath: string | null) => Promise<string>;
  /** Adds an item of the other kind with an image; the image's stored path. */
  addOther: () => Promise<string>;
  /** The item as visitors see it: its name and image address. */
  seen: (id: string) => Promise<Record<string, string | null> | undefined>;
  /** How many items have this name, as stored. */
  stored: (name: string) => Promise<number>;
}

/** The tests of the rule for one kind of item, in the file's `describe`. */
export function itKeepsEachImageToOneItem(t: TestApp, items: ImageItems) {
  const { noun, names, send, uploaded, seen } = items;
  const served = (path: string) => servedAt(t, path);
  const shown = (name: string, imageUrl: string | null) => ({ [items.nameField]: name, imageUrl });
  const a = /^[aeiou]/.test(noun) ? "an" : "a";

  it(`cannot be another ${noun}'s, on adding or on changing ${a} ${noun}, and each ${noun} keeps its own file`, async () => {
    const [imageA, imageB] = [await uploaded(items.kind), await uploaded(items.kind)];
    const alpha = await items.add(names.alpha, imageA);
    const beta = await items.add(names.beta, imageB);

    const added = await send("POST", items.path, items.body(names.gamma, imageA));
    expect(added.status).toBe(400);
    expect(await errorOf(added)).toEqual(items.refused);
    expect(await items.stored(names.gamma)).toBe(0);

    const changed = await send("PUT", `${items.path}/${beta}`, items.body(names.betaRenamed, imageA));
    expect(changed.status).toBe(400);
    expect(await errorOf(changed)).toEqual(items.refused);
    expect(await seen(beta)).toEqual(shown(names.beta, `/files/${imageB}`));
    expect(await seen(alpha)).toEqual(shown(names.alpha, `/files/${imageA}`));
    expect([await t.services.files.isInUse(imageA), await t.services.files.isInUse(imageB)]).toEqual([true, true]);

    // Beta replaces its image and is then deleted: its files go, and Alpha's stays.
    const fresh = await uploaded(items.kind);
    expect((await send("PUT", `${items.path}/${beta}`, items.body(names.beta, fresh))).status).toBe(200);
    expect(await seen(beta)).toEqual(shown(names.beta, `/files/${fresh}`));
    expect((await send("DELETE", `${items.path}/${beta}`)).status).toBe(204);
    expect([await served(imageB), await served(fresh), await served(imageA)]).toEqual([404, 404, 200]);

    // Alpha saved with its own image (and another name) keeps it.
    expect((await send("PUT", `${items.path}/${alpha}`, items.body(names.alphaAgain, imageA))).status).toBe(200);
    expect(await seen(alpha)).toEqual(shown(names.alphaAgain, `/files/${imageA}`));
    expect(await t.services.files.isInUse(imageA)).toBe(true);
  });

  it(`cannot be a business's logo, ${items.otherImage} or an image the site settings show`, async () => {
    const logo = await uploaded("logo");
    const { id: categoryId } = await createCategory(t.database.db, { name: "Delis" });
    const shop = await send("POST", "/api/v1/businesses", { name: "Delta Deli", categoryId, description: "A deli.", address: "1 Main St", lat: 43.1, lng: -79.07, tags: [], logoPath: logo });
    expect(shop.status).toBe(201);
    const other = await items.addOther();
    // The site settings may show an image uploaded for an item of this kind; it is theirs then.
    const banner = await uploaded(items.kind);
    const settings = { ...DEFAULT_SITE_SETTINGS, associationName: "Queen Street Merchants", heroPhotos: [{ url: `/files/${banner}`, alt: "The fair" }] };
    expect((await send("PUT", "/api/v1/site-settings", settings)).status).toBe(200);
    const delta = await items.add(names.delta, null);

    for (const taken of [banner, logo, other]) {
      const added = await send("POST", items.path, items.body(names.echo, taken));
      expect(added.status).toBe(400);
      expect(await errorOf(added)).toEqual(items.refused);
      const changed = await send("PUT", `${items.path}/${delta}`, items.body(names.deltaAgain, taken));
      expect(changed.status).toBe(400);
      expect(await errorOf(changed)).toEqual(items.refused);
    }
    expect(await items.stored(names.echo)).toBe(0);
    expect(await seen(delta)).toEqual(shown(names.delta, null));
    expect([await served(logo), await served(other), await served(banner)]).toEqual([200, 200, 200]);
    expect(await Promise.all([logo, other, banner].map((path) => t.services.files.isInUse(path)))).toEqual([true, true, true]);
    const heroPhotos = ((await (await t.request("/api/v1/site-settings")).json()) as { heroPhotos: Array<{ url: string }> }).heroPhotos;
    expect(heroPhotos.map((photo) => photo.url)).toEqual([`/files/${banner}`]);

    // A fresh upload is taken.
    const fresh = await uploaded(items.kind);
    expect((await send("PUT", `${items.path}/${delta}`, items.body(names.deltaAgain, fresh))).status).toBe(200);
    expect(await seen(delta)).toEqual(shown(names.deltaAgain, `/files/${fresh}`));
  });
}
