// The link previews of the pages that follow the person's language (sign-in, sign-up, volunteering, the intake form,
// privacy): their Open Graph title, description and locale in French for a French reader, as before in English.
import { beforeAll, describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { loadCatalog } from "#shared/i18n/index.ts";
import { meta as loginMeta } from "#web/routes/login.tsx";
import { meta as signupMeta } from "#web/routes/signup.tsx";
import { meta as forgotMeta } from "#web/routes/forgot-password.tsx";
import { meta as privacyMeta } from "#web/routes/privacy.tsx";
import { meta as volunteerMeta } from "#web/routes/volunteer.tsx";
import { meta as opportunityMeta } from "#web/routes/volunteer-opportunity.tsx";
import { meta as intakeMeta } from "#web/routes/intake.tsx";
import { openGraphLocale } from "./page-meta.ts";

const site = { associationName: "Centre-ville", timeZone: "America/Toronto", heroPhotos: [], holidayRegion: "CA-QC" };
const root = (language: "en" | "fr") => ({ id: "root", loaderData: { language, languages: ["en", "fr"], defaultLanguage: "en", origin: "https://downtown.example", site } });

type AnyMeta = (args: never) => MetaDescriptor[] | undefined;
function preview(metaFunction: AnyMeta, language: "en" | "fr", loaderData: unknown = { origin: "https://downtown.example" }) {
  const tags = (metaFunction as (args: unknown) => MetaDescriptor[])({ matches: [root(language)], loaderData, params: { opportunityId: "o1" } }) as Array<Record<string, string>>;
  const property = (name: string) => tags.filter((tag) => tag.property === name).map((tag) => tag.content);
  return { title: property("og:title")[0], description: property("og:description")[0], locale: property("og:locale")[0], alternate: property("og:locale:alternate") };
}

beforeAll(async () => {
  await Promise.all(["account", "members", "owners"].flatMap((namespace) => [loadCatalog("en", namespace), loadCatalog("fr", namespace)]));
});

describe("the signed-in pages' link previews", () => {
  it("are in French, with a French locale, for a French reader", () => {
    expect(preview(loginMeta, "fr")).toEqual({
      title: "Connexion",
      description: "Connectez-vous à votre compte pour gérer la fiche de votre entreprise et votre profil.",
      locale: "fr_CA",
      alternate: ["en_CA"],
    });
    expect(preview(signupMeta, "fr").title).toBe("Créer un compte");
    expect(preview(forgotMeta, "fr").title).toBe("Mot de passe oublié");
    expect(preview(privacyMeta, "fr").title).toBe("Confidentialité");
    expect(preview(volunteerMeta, "fr").title).toBe("Bénévolat");
    expect(preview(opportunityMeta, "fr", { state: "ok", opportunity: { title: "Marché d'hiver" } }).description).toBe("Bénévolat : Marché d'hiver");
    expect(preview(intakeMeta, "fr").title).toBe("Commentaires et consentement des entreprises");
  });

  it("stay as they were in English", () => {
    expect(preview(loginMeta, "en")).toEqual({
      title: "Login",
      description: "Log in to your account to manage your business listing and your profile.",
      locale: "en_CA",
      alternate: ["fr_CA"],
    });
    expect(preview(signupMeta, "en").description).toBe("Create an account to claim your business's listing and keep it up to date.");
    expect(preview(volunteerMeta, "en").title).toBe("Volunteer");
    expect(preview(opportunityMeta, "en", { state: "ok", opportunity: { title: "Winter market" } }).description).toBe("Volunteer: Winter market");
    expect(preview(intakeMeta, "en").description).toBe("A feedback and consent form for downtown businesses working with the association.");
  });

  it("name the locale by the association's country, or by the language alone without one", () => {
    expect(openGraphLocale("fr", "BE")).toBe("fr_BE");
    expect(openGraphLocale("en", "")).toBe("en");
  });
});
