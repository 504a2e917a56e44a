// Translations of the association's texts over HTTP: saved and read with the business and the category, held to who may
// write each, checked by the original field's rules, removed with their entity, and found by search in either language.
import { expect, it } from "vitest";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import {
  adminOnly,
  describeAccessMatrix,
  setUpMatrixPeople,
  type Expected,
} from "#tests/setup/access-matrix.ts";
import { setUp, setUpTestApp } from "#tests/setup/app.ts";

const t = setUpTestApp();
const people = setUpMatrixPeople(t, "Translated");
const cafes = setUp(() => createCategory(t.database.db, { name: "Cafés" }));

const send = (
  method: string,
  path: string,
  json: unknown,
  ...as: [cookie?: string]
) =>
  t.request(path, {
    method,
    json,
    cookie: as.length > 0 ? as[0] : people.admin.cookie,
  });
const read = async <T = Record<string, unknown>>(response: Response) =>
  (await response.json()) as T;

/** The business as its form sends it, with translations. */
async function asInput(id: string, translations: unknown) {
  const current = await read<
    Record<string, unknown> & { coordinates: { lat: number; lng: number } }
  >(
    await t.request(`/api/v1/admin/businesses/${id}`, {
      cookie: people.admin.cookie,
    }),
  );
  return {
    name: current.name,
    categoryId: current.categoryId ?? cafes.id,
    description: current.description,
    lat: current.coordinates.lat,
    lng: current.coordinates.lng,
    tags: current.tags,
    translations,
  };
}

const search = async (q: string, prefix = "") =>
  JSON.stringify(
    await read(
      await t.request(`${prefix}/api/v1/search?q=${encodeURIComponent(q)}`),
    ),
  );

// Members are owners (decision 0022): member A owns business A; their change waits for an administrator (202).
const ownersOrAdmin: Expected = {
  anonymous: 401,
  user: 403,
  ownerOfNothing: 403,
  memberA: 202,
  memberB: 403,
  admin: 200,
};

describeAccessMatrix("translations: who may write them", people, [
  {
    name: "a business's description in French: its owners (through a request) and administrators",
    call: async (cookie) => {
      const business = await t.database.db
        .selectFrom("business")
        .select("id")
        .where("name", "=", "Translated A")
        .executeTakeFirstOrThrow();
      return send(
        "PUT",
        `/api/v1/businesses/${business.id}`,
        await asInput(business.id, {
          fr: { description: "Un café de quartier." },
        }),
        cookie,
      );
    },
    expect: ownersOrAdmin,
  },
  {
    name: "a category's name in French: administrators",
    call: async (cookie) =>
      send(
        "PUT",
        `/api/v1/categories/${cafes.id}`,
        { name: "Cafés", translations: { fr: { name: "Cafés (fr)" } } },
        cookie,
      ),
    expect: adminOnly(200),
  },
  {
    name: "a tag's name in French: administrators",
    call: async (cookie) => {
      const tag = await t.database.db.selectFrom("tag").select("id").where("name", "=", "Matrix Tag").executeTakeFirst();
      const id = tag?.id ?? (await read<{ id: string }>(await send("POST", "/api/v1/tags", { name: "Matrix Tag" }))).id;
      return send("PUT", `/api/v1/tags/${id}`, { name: "Matrix Tag", translations: { fr: { name: "Étiquette" } } }, cookie);
    },
    expect: adminOnly(200),
  },
]);

it("saves a business's French description, answers it in the public and admin reads, and a blank removes it", async () => {
  const business = await createBusiness(t.database.db, {
    name: "Lock Street Roasters",
    categoryId: cafes.id,
    description: "Small-batch coffee.",
  });
  const saved = await send(
    "PUT",
    `/api/v1/businesses/${business.id}`,
    await asInput(business.id, {
      fr: { description: "  Café torréfié sur place.  " },
    }),
  );
  expect(saved.status).toBe(200);
  expect((await read(saved)).translations).toEqual({
    fr: { description: "Café torréfié sur place." },
  });
  expect(
    (await read(await t.request(`/api/v1/businesses/${business.id}`)))
      .translations,
  ).toEqual({ fr: { description: "Café torréfié sur place." } });
  expect(
    (
      await read(
        await send(
          "PUT",
          `/api/v1/businesses/${business.id}`,
          await asInput(business.id, { fr: { description: "" } }),
        ),
      )
    ).translations,
  ).toEqual({});
});

it("refuses a translation into the default language, one too long, and a field that is not translated, beside the field", async () => {
  const business = await createBusiness(t.database.db, {
    name: "Refused Translations",
    categoryId: cafes.id,
  });
  const english = await send(
    "PUT",
    `/api/v1/businesses/${business.id}`,
    await asInput(business.id, { en: { description: "Hello" } }),
  );
  expect(english.status).toBe(400);
  expect(
    (await read<{ error: { fields: Record<string, string> } }>(english)).error
      .fields["translations.en"],
  ).toBe(
    "English is the site's default language: edit the original text instead.",
  );
  const long = await send(
    "PUT",
    `/api/v1/businesses/${business.id}`,
    await asInput(business.id, { fr: { description: "x".repeat(5001) } }),
  );
  expect(long.status).toBe(400);
  expect(
    Object.keys(
      (await read<{ error: { fields: Record<string, string> } }>(long)).error
        .fields,
    ),
  ).toContain("translations.fr.description");
  const unknown = await send(
    "PUT",
    `/api/v1/businesses/${business.id}`,
    await asInput(business.id, { fr: { name: "Nom" } }),
  );
  expect(unknown.status).toBe(400);
  expect(
    (await read(await t.request(`/api/v1/businesses/${business.id}`)))
      .translations,
  ).toEqual({});
});

it("a category keeps its name and description per language, and its list answers them", async () => {
  const created = await send("POST", "/api/v1/categories", {
    name: "Bookshops",
    description: "Books new and used.",
    translations: {
      fr: { name: "Librairies", description: "Livres neufs et d'occasion." },
    },
  });
  expect(created.status).toBe(201);
  const { id } = await read<{ id: string }>(created);
  const listed = (
    await read<Array<{ id: string; translations: unknown }>>(
      await t.request("/api/v1/categories"),
    )
  ).find((c) => c.id === id);
  expect(listed?.translations).toEqual({
    fr: { name: "Librairies", description: "Livres neufs et d'occasion." },
  });
});

it("a tag keeps its name per language, which its list answers and a search finds", async () => {
  const created = await send("POST", "/api/v1/tags", { name: "Gluten Free", translations: { fr: { name: "Sans gluten" } } });
  expect(created.status).toBe(201);
  const { id } = await read<{ id: string }>(created);
  const listed = (await read<Array<{ id: string; translations: unknown }>>(await t.request("/api/v1/tags"))).find((tag) => tag.id === id);
  expect(listed?.translations).toEqual({ fr: { name: "Sans gluten" } });
  expect(await search("sans gluten")).toContain(id);
  const refused = await send("PUT", `/api/v1/tags/${id}`, { name: "Gluten Free", translations: { de: { name: "Glutenfrei" } } });
  expect(refused.status).toBe(400);
});

it("an owner's translation waits for approval, then shows", async () => {
  const business = await t.database.db
    .selectFrom("business")
    .select("id")
    .where("name", "=", "Translated B")
    .executeTakeFirstOrThrow();
  const sent = await send(
    "PUT",
    `/api/v1/businesses/${business.id}`,
    await asInput(business.id, {
      fr: { description: "Boulangerie du marché." },
    }),
    people.members.b.cookie,
  );
  expect(sent.status).toBe(202);
  expect(
    (await read(await t.request(`/api/v1/businesses/${business.id}`)))
      .translations,
  ).toEqual({});
  const request = await read<{ requestId: string }>(sent);
  expect(
    (await send("POST", `/api/v1/requests/${request.requestId}/approve`, {}))
      .status,
  ).toBe(200);
  expect(
    (await read(await t.request(`/api/v1/businesses/${business.id}`)))
      .translations,
  ).toEqual({ fr: { description: "Boulangerie du marché." } });
});

it("search finds a business by its French description, accents folded, and deleting the business deletes its translations", async () => {
  const business = await createBusiness(t.database.db, {
    name: "Harbour Grill",
    categoryId: cafes.id,
    description: "Grilled fish by the water.",
  });
  expect(
    (
      await send(
        "PUT",
        `/api/v1/businesses/${business.id}`,
        await asInput(business.id, {
          fr: {
            description: "Poissons grillés au bord de l'eau, crème brûlée.",
          },
        }),
      )
    ).status,
  ).toBe(200);
  expect(await search("poissons grilles")).toContain(business.id);
  expect(await search("brulee")).toContain(business.id);
  expect(await search("grillés")).toContain(business.id);
  expect(
    (
      await t.request(`/api/v1/businesses/${business.id}`, {
        method: "DELETE",
        cookie: people.admin.cookie,
      })
    ).status,
  ).toBe(204);
  const left = await t.database.db
    .selectFrom("content_translation")
    .select("field")
    .where("entityId", "=", business.id)
    .execute();
  expect(left).toEqual([]);
  expect(await search("poissons")).not.toContain(business.id);
});

it("on PostgreSQL, search stems English and French words: plurals find the singular", async (context) => {
  // SQLite has no stemming dictionaries: it folds accents and matches prefixes only.
  if (t.database.dialect !== "postgres") context.skip();
  const dining = await createCategory(t.database.db, { name: "Dining" });
  const business = await createBusiness(t.database.db, {
    name: "Quayside Kitchen",
    categoryId: dining.id,
    description: "A restaurant by the locks.",
  });
  // The plurals are indexed too (here and in the category "Cafés"), so nothing is a typo reading of what was typed.
  await createBusiness(t.database.db, {
    name: "Plural Place",
    categoryId: dining.id,
    description: "Two restaurants, three boulangeries.",
  });
  expect(
    (
      await send(
        "PUT",
        `/api/v1/businesses/${business.id}`,
        await asInput(business.id, {
          fr: { description: "Un café et une boulangerie." },
        }),
      )
    ).status,
  ).toBe(200);
  expect(await search("restaurants")).toContain(business.id);
  expect(await search("cafés")).toContain(business.id);
  expect(await search("boulangeries")).toContain(business.id);
});

it("a French page shows the French text where there is one, else the original marked as English", async () => {
  const translated = await createBusiness(t.database.db, {
    name: "Page Translated",
    categoryId: cafes.id,
    description: "Fresh bread.",
  });
  await send(
    "PUT",
    `/api/v1/businesses/${translated.id}`,
    await asInput(translated.id, { fr: { description: "Pain frais." } }),
  );
  const plain = await createBusiness(t.database.db, {
    name: "Page Untranslated",
    categoryId: cafes.id,
    description: "Fresh fish.",
  });
  const { translations } = t.services;
  expect(
    await translations.localize(
      "business",
      translated.id,
      { description: "Fresh bread." },
      "fr",
    ),
  ).toEqual({ description: { text: "Pain frais." } });
  expect(
    await translations.localize(
      "business",
      plain.id,
      { description: "Fresh fish." },
      "fr",
    ),
  ).toEqual({ description: { text: "Fresh fish.", lang: "en" } });
  expect(
    await translations.localize(
      "business",
      translated.id,
      { description: "Fresh bread." },
      "en",
    ),
  ).toEqual({ description: { text: "Fresh bread." } });
});
