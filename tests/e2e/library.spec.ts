// The library end to end: an administrator uploads a members-only document in the Library tab; a member finds it on
// /myqsa/research and downloads it (the same bytes); a plain user and an anonymous visitor get nothing even with its
// exact address; a public one shows on /resources, reached from the footer.
import { request as playwrightRequest } from "@playwright/test";
import { createOrUpdateUser } from "#server/auth/accounts.ts";
import { PDF, CSV } from "../fixtures/documents.ts";
import { allowConsoleError, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { shoot } from "./screenshots.ts";
import { uploadThroughApi } from "./document-upload.ts";

const PASSWORD = "e2e-Library-pass-3";

test("an administrator uploads a members-only document; a member downloads it, others cannot even with its address; a public one is on /resources", async ({ page, browser, signIn, accountsRuntime, baseURL }) => {
  test.skip(test.info().project.name !== "desktop", "one journey; the screenshots cover both widths");
  test.setTimeout(120_000);
  await signIn("admin");
  // The disguised file's upload is answered 400, which the browser logs.
  allowConsoleError("status of 400");
  const stamp = Date.now();
  const title = `Budget ${stamp}`;

  // The Library tab: a disguised file is refused beside the field, then the real one is added, members only.
  await page.goto("/admin/library");
  const form = page.getByRole("region", { name: "Add Document" });
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Summary (optional)").fill("The association's budget for the coming year.");
  await form.getByLabel("Date", { exact: true }).fill("2026-03-01");
  await form.getByLabel("Tags (separated by commas)").fill("budget, finances");
  await form.getByRole("radio", { name: "Members only" }).check();
  const file = form.getByLabel("File", { exact: true });
  await file.setInputFiles({ name: "budget.pdf", mimeType: "application/pdf", buffer: Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>") });
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(form.getByRole("alert")).toContainText("its contents are not what its name says");
  await file.setInputFiles({ name: "Budget 2026.pdf", mimeType: "application/pdf", buffer: PDF });
  await form.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(form.getByRole("status").filter({ hasText: "Upload complete." })).toBeVisible();
  await expect(form.getByText("New file: Budget 2026.pdf")).toBeVisible();
  await form.getByRole("button", { name: "Add Document" }).click();
  const listed = page.getByRole("list", { name: "Library" }).getByRole("listitem").filter({ hasText: title });
  await expect(listed).toContainText("Members only");
  await expectNoAxeViolations(page);
  await shoot(page, "admin-library");

  const documents = (await (await page.request.get("/api/v1/admin/documents?pageSize=50")).json()) as { items: Array<{ id: string; title: string; url: string }> };
  const made = documents.items.find((d) => d.title === title)!;
  expect(made).toBeTruthy();
  // A public one, through the API as the tab sends it.
  const publicTitle = `Bylaws ${stamp}`;
  const upload = await uploadThroughApi(page.request, baseURL!, CSV, "bylaws.csv");
  const created = await page.request.post("/api/v1/documents", { data: { title: publicTitle, date: "2026-01-10", visibility: "public", tags: ["bylaws"], filePath: upload }, headers: { Origin: baseURL! } });
  expect(created.status()).toBe(201);

  // A member (the owner of a demo business) finds it on the Research page and downloads the very bytes.
  const businesses = (await (await page.request.get("/api/v1/businesses")).json()) as Array<{ id: string }>;
  const memberEmail = `member-library-${stamp}@example.com`;
  await createOrUpdateUser(accountsRuntime, { email: memberEmail, password: PASSWORD, role: "business" });
  expect((await page.request.post(`/api/v1/businesses/${businesses[0]!.id}/owners`, { data: { email: memberEmail }, headers: { Origin: baseURL! } })).status()).toBe(200);
  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  expect((await memberPage.request.post("/api/auth/sign-in/email", { data: { email: memberEmail, password: PASSWORD }, headers: { Origin: baseURL! } })).status()).toBe(200);
  await memberPage.goto("/myqsa/research");
  await expect(memberPage.getByRole("heading", { level: 1, name: "Research" })).toBeVisible();
  await memberPage.getByRole("searchbox", { name: "Search the documents" }).fill(`budget ${stamp}`);
  await memberPage.getByRole("search", { name: "Documents" }).getByRole("button", { name: "Search", exact: true }).click();
  await expect(memberPage).toHaveURL(/\/myqsa\/research\?q=/);
  const link = memberPage.getByRole("link", { name: new RegExp(`^${title}`) });
  await expect(link).toBeVisible();
  const downloading = memberPage.waitForEvent("download");
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Budget 2026.pdf");
  const saved = await download.path();
  const { readFile } = await import("node:fs/promises");
  expect(Buffer.from(await readFile(saved)).equals(PDF)).toBe(true);
  await memberPage.goto("/myqsa/research?tag=budget");
  await expect(memberPage.getByRole("link", { name: "budget", exact: true }).first()).toHaveAttribute("aria-current", "true");
  await expectNoAxeViolations(memberPage);
  await shoot(memberPage, "member-research");
  await memberContext.close();

  // A plain user and an anonymous visitor, with the exact addresses: nothing.
  const plainEmail = `plain-library-${stamp}@example.com`;
  await createOrUpdateUser(accountsRuntime, { email: plainEmail, password: PASSWORD, role: "user" });
  const plain = await playwrightRequest.newContext({ baseURL });
  expect((await plain.post("/api/auth/sign-in/email", { data: { email: plainEmail, password: PASSWORD }, headers: { Origin: baseURL! } })).status()).toBe(200);
  const anonymous = await playwrightRequest.newContext({ baseURL });
  const storedPath = ((await (await page.request.get(`/api/v1/documents/${made.id}`)).json()) as { filePath: string }).filePath;
  for (const [who, context] of [["plain user", plain], ["anonymous", anonymous]] as const) {
    for (const address of [made.url, `/api/v1/documents/${made.id}`, `/files/${storedPath}`]) {
      const response = await context.get(address);
      expect([403, 404], `${who} ${address}`).toContain(response.status());
      expect(await response.text(), `${who} ${address}`).not.toContain("%PDF");
    }
  }
  await plain.dispose();
  await anonymous.dispose();

  // The public one is on /resources, reached from the footer; the members-only one is not.
  const visitor = await browser.newContext({ baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/");
  await visitorPage.getByRole("contentinfo").getByRole("link", { name: "Resources" }).click();
  await expect(visitorPage.getByRole("heading", { level: 1, name: "Resources" })).toBeVisible();
  await expect(visitorPage.getByRole("link", { name: new RegExp(`^${publicTitle}`) })).toBeVisible();
  await expect(visitorPage.getByText(title)).toHaveCount(0);
  await expectNoAxeViolations(visitorPage);
  await shoot(visitorPage, "resources");
  await visitorPage.goto("/myqsa/research");
  await expect(visitorPage.getByRole("region", { name: "Members only" })).toBeVisible();
  await visitor.close();
});
