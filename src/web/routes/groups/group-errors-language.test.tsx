// @vitest-environment jsdom
// The admin's and the account pages' error boundaries say their sentence in the page's language, and word for word
// as before in English.
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n, type Language } from "#shared/i18n/index.ts";
import { render } from "#tests/setup/dom.ts";
import { ErrorBoundary as AdminError } from "./admin-pages.tsx";
import { ErrorBoundary as AccountError } from "./account-pages.tsx";

async function sentence(Boundary: typeof AdminError | typeof AccountError, language: Language): Promise<string> {
  const i18n = await createI18n(language, ["common"]);
  const props = { error: new Error("boom"), params: {} } as unknown as Parameters<typeof AdminError>[0];
  const page = await render(
    <I18nextProvider i18n={i18n}>
      <Boundary {...props} />
    </I18nextProvider>,
  );
  return page.querySelector("p")?.textContent ?? "";
}

describe("a page group's error boundary", () => {
  it("says the admin page could not be shown in French on a French page", async () => {
    expect(await sentence(AdminError, "fr")).toBe("La page d’administration n’a pas pu être affichée. Veuillez réessayer dans un moment.");
    expect(await sentence(AccountError, "fr")).toBe("La page de votre compte n’a pas pu être affichée. Veuillez réessayer dans un moment.");
  });

  it("says the English sentences as before", async () => {
    expect(await sentence(AdminError, "en")).toBe("The admin page could not be shown. Please try again in a moment.");
    expect(await sentence(AccountError, "en")).toBe("Your account page could not be shown. Please try again in a moment.");
  });
});
