// The API's error messages in the person's language: a French account, a browser that asks for French, or a form on
// a French page gets French messages (beside each field too) and Content-Language: fr; a client that asks for nothing
// or for English gets the English body it always got, word for word.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { listen } from "#server/http/listen.ts";
import { createBusiness, createCategory } from "#server/db/factories.ts";
import { DEFAULT_SITE_SETTINGS } from "#server/features/site-settings/site-settings.repository.ts";
import { messages } from "#shared/messages.ts";
import { listingMessages } from "#shared/schemas/listings.ts";
import { ORIGIN, setUp, setUpSignIn, setUpTestApp } from "../setup/app.ts";

const t = setUpTestApp();
const admin = setUpSignIn(t, "admin");
const member = setUpSignIn(t, "user");
const place = setUp(async () => ({ id: (await createBusiness(t.database.db, { name: "Café Lune", categoryId: (await createCategory(t.database.db)).id })).id }));

const offerLanguages = (languages: string[]) =>
  t.request("/api/v1/site-settings", { method: "PUT", json: { ...DEFAULT_SITE_SETTINGS, languages, defaultLanguage: "en" }, cookie: admin.cookie });

beforeAll(async () => {
  expect((await offerLanguages(["en", "fr"])).status).toBe(200);
});

const renameTo = (displayName: string, headers: Record<string, string> = {}, cookie = member.cookie) =>
  t.request("/api/v1/account", { method: "PATCH", json: { displayName }, cookie, headers });
const suggest = (headers: Record<string, string>) =>
  t.request(`/api/v1/businesses/${place.id}/suggestions`, { method: "POST", json: { kind: "nonsense" }, headers });

const englishEmptyName = { error: { code: "validation", message: "The request is not valid.", fields: { displayName: messages.account.displayNameEmpty } } };
const frenchEmptyName = "Le nom d’affichage ne peut pas être vide.";

describe("an API error in the person's language", () => {
  it("is the exact English body it always was for a client that asks for no language, or for English", async () => {
    for (const headers of [{}, { "Accept-Language": "en-CA,en;q=0.9" }] as Record<string, string>[]) {
      const response = await renameTo("  ", headers);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(JSON.stringify(englishEmptyName));
      expect(response.headers.get("content-language")).toBe("en");
    }
  });

  it("is French, beside the field too, for a browser that asks for French", async () => {
    const response = await renameTo("  ", { "Accept-Language": "fr-CA,fr;q=0.9,en;q=0.8" });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-language")).toBe("fr");
    expect(response.headers.get("vary")).toMatch(/Accept-Language, Cookie, Referer/);
    expect(await response.json()).toEqual({ error: { code: "validation", message: "La demande n’est pas valide.", fields: { displayName: frenchEmptyName } } });
  });

  it("follows a French account's language, whatever the browser asks", async () => {
    const french = await t.signIn("user");
    expect((await t.request("/api/v1/account/language", { method: "PUT", json: { language: "fr" }, cookie: french.cookie })).status).toBe(200);
    const response = await renameTo("", { "Accept-Language": "en" }, french.cookie);
    expect(response.headers.get("content-language")).toBe("fr");
    expect((await response.json()).error.fields.displayName).toBe(frenchEmptyName);
  });

  it("follows the page a public form posts from: French from /fr/, English from the English page", async () => {
    const fromFrench = await suggest({ Referer: `${ORIGIN}/fr/business/${place.id}` });
    expect(fromFrench.status).toBe(400);
    expect(fromFrench.headers.get("content-language")).toBe("fr");
    expect((await fromFrench.json()).error.fields.kind).toBe("Choisissez ce qui ne va pas.");
    // A browser that prefers French, reading the English page: the form beside it speaks English.
    const fromEnglish = await suggest({ Referer: `${ORIGIN}/business/${place.id}`, "Accept-Language": "fr", Cookie: "niche_lang=fr" });
    expect((await fromEnglish.json()).error.fields.kind).toBe(listingMessages.kindRequired);
  });

  it("says a message with parameters in French, with its values in place", async () => {
    const response = await t.request("/files/uploads/none.png", { headers: { "Accept-Language": "fr" } });
    // Files are not under the API: the English the spec words stays.
    expect((await response.json()).error.message).toBe(messages.storage.notFound("uploads/none.png"));
    const missing = await t.request("/api/v1/no-such-thing", { headers: { "Accept-Language": "fr" } });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe("Ce point d’accès de l’API n’existe pas.");
  });

  it("goes out whole over Node's server, compressed or not", async () => {
    const server: Server = await new Promise((resolve) => {
      const started = listen({ fetch: t.app.fetch, serveKept: t.app.serveKept }, { port: 0, hostname: "127.0.0.1" }, () => resolve(started));
    });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/no-such-thing`;
      for (const encoding of ["identity", "gzip, br"]) {
        const response = await fetch(url, { headers: { "Accept-Language": "fr-CA", "Accept-Encoding": encoding } });
        expect(response.status).toBe(404);
        expect((await response.json()).error.message).toBe("Ce point d’accès de l’API n’existe pas.");
      }
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });

  it("stays English on a site that offers English alone", async () => {
    await offerLanguages(["en"]);
    try {
      const response = await renameTo("  ", { "Accept-Language": "fr" });
      expect(await response.text()).toBe(JSON.stringify(englishEmptyName));
    } finally {
      await offerLanguages(["en", "fr"]);
    }
  });
});
