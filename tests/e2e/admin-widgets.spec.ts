// The admin's widgets as a person meets them: a date and time is typed and shown in the association's time
// zone whatever the browser's, a link is asked for beside the editor (never through a browser prompt) and
// checked, and tags are chosen and removed from a picker, all by keyboard.
import { addTag, choose, chosenTag, fillDateTime, pick, select } from "./admin-helpers.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures.ts";

// A visitor far from the association: the form must still speak the association's time (America/Toronto).
test.use({ timezoneId: "Asia/Tokyo" });

test("a post's date and time are the association's, whatever the browser's time zone", async ({ page, signIn }) => {
  await signIn("admin");
  await page.goto("/admin/posts");
  const form = page.getByRole("region", { name: "Add Post" });
  const title = `Lantern festival ${Date.now()}`;
  await form.getByLabel("Title").fill(title);
  await choose(select(form, "Author"), undefined, ["Select an author"]);
  await expect(form.getByText("Time zone: America/Toronto")).toBeVisible();
  // 4 July 2031, 7:30 p.m. in Niagara Falls is 23:30 UTC (daylight time, four hours behind).
  await fillDateTime(form, "Datetime", "2031-07-04T19:30");
  await form.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("Lanterns along Queen Street.");

  // The link is asked for beside the toolbar; an address that is not a web, mail or phone link is refused there.
  await form.getByRole("button", { name: "Link", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Link address" });
  const address = dialog.getByRole("textbox", { name: "Link address" });
  await expect(address).toBeFocused();
  await address.fill("javascript:alert(1)");
  await address.press("Enter");
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toContainText("Enter an address starting with https://, mailto: or tel:.");
  await address.fill("https://lanterns.example/");
  await address.press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(form.getByRole("textbox", { name: "Content" }).getByRole("link")).toHaveAttribute("href", "https://lanterns.example/");

  await form.getByRole("button", { name: "Add Post" }).click();
  await expect(page.getByRole("tabpanel").getByRole("status")).toHaveText(`Post "${title}" added.`);
  const posts = (await (await page.request.get("/api/v1/posts")).json()) as Array<{ title: string; datetime: string; content: string }>;
  const saved = posts.find((post) => post.title === title)!;
  expect(saved.datetime).toBe("2031-07-04T23:30:00.000Z");
  expect(saved.content).toContain('href="https://lanterns.example/"');
  // The list says the same time, on the association's clocks.
  await expect(page.locator('time[datetime="2031-07-04T23:30:00.000Z"]').first()).toHaveText(/^Jul 4, 2031,? (at )?7:30\sPM EDT$/);

  // Recent changes says when on the association's clocks too.
  await page.goto("/admin/recent-changes");
  await expect(page.getByRole("row").filter({ hasText: title }).first().locator("time")).toHaveText(/\s(EST|EDT)$/);
  await page.goto("/admin/posts");

  // Opened again, the form shows the same wall-clock time, not Tokyo's.
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("region", { name: `Edit Post: ${title}` });
  const group = edit.getByRole("group", { name: "Datetime", exact: true });
  await expect(group.getByRole("spinbutton")).toHaveText(["7", "4", "2031", "7", "30", "PM"]);
  await expectNoAxeViolations(page);
});

test("tags are chosen from a picker and removed by keyboard", async ({ page, signIn }) => {
  // A long journey: on a busy machine it takes near the default 30 s.
  test.setTimeout(90_000);
  await signIn("admin");
  await page.goto("/admin/markers");
  const form = page.getByRole("region", { name: "Add Marker" });
  await expect(form.getByText("None chosen.")).toBeVisible();
  await addTag(form, "Patio");
  await addTag(form, "Vegan");
  // A chosen tag is no longer offered.
  const combo = form.getByRole("combobox", { name: "Add a tag" });
  await expect(combo).toBeFocused();
  await combo.fill("Pat");
  await expect(page.getByRole("listbox").getByRole("option", { name: "Patio", exact: true })).toHaveCount(0);
  await combo.press("Escape");
  await form.getByRole("button", { name: "Remove Patio" }).click();
  await expect(chosenTag(form, "Patio")).toHaveCount(0);
  await expect(chosenTag(form, "Vegan")).toBeVisible();
  // Removing by keyboard: the tag focused, Delete takes it away.
  await chosenTag(form, "Vegan").focus();
  await page.keyboard.press("Delete");
  await expect(chosenTag(form, "Vegan")).toHaveCount(0);
  await pick(form.getByRole("combobox", { name: "Category" }), "Shops & Boutiques");
  await expectNoAxeViolations(page);
});
