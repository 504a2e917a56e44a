// @vitest-environment jsdom
// The library speaks the page's language: its search, its tag filter, a document's date, type and size, and the count
// of matches are French on a French page and, word for word, today's English on an English one.
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { DocumentList } from "#shared/schemas/document.ts";
import { createI18n } from "#shared/i18n/index.ts";
import { accessibleName, getButton, render, waitFor } from "#tests/setup/dom.ts";
import { DocumentLibrary } from "./document-library.tsx";

const list: DocumentList = {
  tags: ["budget"],
  items: [
    {
      id: "document-1",
      title: "Budget 2031",
      summary: "",
      date: "2031-03-15",
      tags: ["budget"],
      visibility: "members",
      fileName: "budget-2031.pdf",
      contentType: "application/pdf",
      size: 1.25 * 1024 * 1024,
      url: "/api/v1/documents/document-1/file",
      attachedTo: null,
      createdAt: "2031-03-15T12:00:00.000Z",
      lastUpdatedAt: "2031-03-15T12:00:00.000Z",
    },
  ],
};

async function library(language: "en" | "fr"): Promise<HTMLElement> {
  const Library = () => <DocumentLibrary list={list} path="/resources" q="budget" tag="" showVisibility />;
  const Stub = createRoutesStub([{ id: "root", path: "/resources", loader: () => ({ language }), Component: Library, HydrateFallback: () => null }]);
  let element: ReactElement = <Stub initialEntries={["/resources"]} />;
  if (language === "fr") element = <I18nextProvider i18n={await createI18n("fr", ["common", "members"])}>{element}</I18nextProvider>;
  const page = await render(element);
  await waitFor(() => page.querySelector("form"));
  return page;
}

const named = (page: HTMLElement, selector: string) => [...page.querySelectorAll(selector)].map((element) => element.getAttribute("aria-label"));

describe("the document library", () => {
  it("is in today's English on an English page", async () => {
    const page = await library("en");
    expect(named(page, "[role=search]")).toEqual(["Documents"]);
    expect(page.querySelector("label")?.textContent).toBe("Search the documents");
    expect(getButton(page, "Search")).toBeTruthy();
    expect(named(page, "nav")).toEqual(["Filter by tag"]);
    expect(page.querySelector("nav a")?.textContent).toBe("All");
    expect(page.querySelector("[role=status]")?.textContent).toBe("1 document matches.");
    expect(page.querySelector("time")?.textContent).toBe("March 15, 2031");
    expect(page.textContent).toContain("PDF, 1.3 MB");
    expect(page.textContent).toContain("Members only");
    expect(accessibleName(page.querySelector("a[download]")!)).toBe("Budget 2031 (download PDF)");
    expect(named(page, "ul[aria-label]")).toEqual(["Tags"]);
  });

  it("is in French on a French page", async () => {
    const page = await library("fr");
    expect(page.querySelector("label")?.textContent).toBe("Chercher dans les documents");
    expect(getButton(page, "Chercher")).toBeTruthy();
    expect(named(page, "nav")).toEqual(["Filtrer par étiquette"]);
    expect(page.querySelector("nav a")?.textContent).toBe("Tous");
    expect(page.querySelector("[role=status]")?.textContent).toBe("1 document correspond.");
    expect(page.querySelector("time")?.textContent).toBe("15 mars 2031");
    expect(page.textContent).toContain("PDF, 1,3 Mo");
    expect(page.textContent).toContain("Membres seulement");
    expect(accessibleName(page.querySelector("a[download]")!)).toBe("Budget 2031 (télécharger le PDF)");
    expect(named(page, "ul[aria-label]")).toEqual(["Étiquettes"]);
  });
});
