// At the door on a phone: an organizer checks people in by name, by their QR code held to the camera (a fake camera
// playing a picture of the code), and once without a connection, which reaches the server when it comes back.
import { chromium, devices, type Page } from "@playwright/test";
import { createEvent } from "#server/db/factories.ts";
import { newId } from "#server/db/ids.ts";
import { RegistrationRepository } from "#server/features/registration/index.ts";
import { registrationQrText, type AttendeeList, type RegistrationStatus } from "#shared/schemas/registration.ts";
import { allowConsoleError, expect, expectNoAxeViolations, test } from "./fixtures.ts";
import { writeQrVideo } from "./fake-camera.ts";
import { shoot } from "./screenshots.ts";

test.skip(({ isMobile }) => !isMobile, "the door's page is a phone's");

function status(page: Page) {
  return page.getByRole("status").filter({ hasText: /\w/ }).first();
}

test("an organizer checks people in by name, by QR code and offline", async ({ page, baseURL, signIn, accountsRuntime }, info) => {
  test.setTimeout(90_000);
  await signIn("admin");
  const db = accountsRuntime.database.db;
  const [host] = (await (await page.request.get("/api/v1/businesses")).json()) as Array<{ id: string }>;
  const event = await createEvent(db, { location: host!.id, name: `Members' breakfast ${newId(4)}`, eventDate: new Date(Date.now() + 3_600_000).toISOString() });
  const registrations = new RegistrationRepository(db, accountsRuntime.database.dialect);
  const register = async (name: string, partySize: number, state: RegistrationStatus = "confirmed") => {
    const row = { id: newId(), eventId: event.id, occurrenceDate: null, name, email: `${newId(8).toLowerCase()}@example.com`, userId: null, partySize, answers: {}, status: state, checkInCode: newId(32), cancelToken: newId(32), createdAt: new Date().toISOString() };
    await registrations.insert(row);
    return row;
  };
  await register("Pat Lee", 1);
  const sam = await register("Sam Roe", 2);
  await register("Alex Kim", 1);
  await register("Jo Waits", 1, "waitlisted");
  const checkInPath = `/events/${event.id}/check-in`;

  // Nobody signed in is sent to the login page.
  const anonymous = await page.context().browser()!.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto(`${baseURL}${checkInPath}`);
  await expect(visitor).toHaveURL(/\/login$/);
  await anonymous.close();

  // By name: the search narrows the list as it is typed, and a tap checks the person in.
  await page.goto(checkInPath);
  await expect(page.getByRole("heading", { level: 1, name: event.name })).toBeVisible();
  await expect(page.getByText("0 of 4 checked in")).toBeVisible();
  await page.getByLabel("Search by name").fill("pa");
  const results = page.getByRole("list", { name: "Registrations" });
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Check in Pat Lee" }).click();
  await expect(status(page)).toHaveText("Pat Lee checked in.");
  await expect(page.getByText("1 of 4 checked in")).toBeVisible();
  // Someone on the waiting list has no place to check in.
  await page.getByLabel("Search by name").fill("jo");
  await expect(results.getByText("On the waiting list")).toBeVisible();
  await expect(results.getByRole("button", { name: /Check in/ })).toHaveCount(0);
  await page.getByLabel("Search by name").fill("");

  // By QR code: a second phone whose camera sees Sam's confirmation mail.
  const video = info.outputPath("qr.y4m");
  writeQrVideo(video, registrationQrText(sam));
  const launch = info.project.use.launchOptions ?? {};
  const cameraBrowser = await chromium.launch({ ...launch, args: [...(launch.args ?? []), "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`] });
  const phone = await cameraBrowser.newContext({ ...devices["Pixel 7"], deviceScaleFactor: 1, baseURL, permissions: ["camera"], storageState: await page.context().storageState() });
  const door = await phone.newPage();
  const errors: string[] = [];
  door.on("pageerror", (error) => errors.push(error.message));
  door.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  await door.goto(checkInPath);
  await expect(door.getByText("1 of 4 checked in")).toBeVisible();
  await door.getByRole("button", { name: "Scan a code" }).click();
  await expect(status(door)).toHaveText("Sam Roe (party of 2) checked in.", { timeout: 20_000 });
  await expect(door.getByText("3 of 4 checked in")).toBeVisible();
  await door.getByRole("button", { name: "Stop scanning" }).click();
  expect(errors).toEqual([]);
  await cameraBrowser.close();

  // Offline: the check-in is kept on the phone and shown as waiting, and sent when the connection comes back.
  await page.reload();
  await expect(page.getByText("3 of 4 checked in")).toBeVisible();
  // The browser reports the check-in it could not send; the page keeps it.
  allowConsoleError("net::ERR_INTERNET_DISCONNECTED");
  await page.context().setOffline(true);
  await page.getByLabel("Search by name").fill("alex");
  const madeBefore = Date.now();
  await page.getByRole("button", { name: "Check in Alex Kim" }).click();
  await expect(status(page)).toHaveText("Alex Kim: check-in saved on this phone, waiting to be sent.");
  await expect(results.getByText("Waiting to be sent")).toBeVisible();
  await expect(page.getByText("4 of 4 checked in")).toBeVisible();
  const list = async () => (await (await page.request.get(`/api/v1/events/${event.id}/registrations`)).json()) as AttendeeList;
  expect((await list()).items.find((item) => item.name === "Alex Kim")?.checkedInAt).toBeNull();
  const backOnline = Date.now();
  await page.context().setOffline(false);
  await expect(status(page)).toHaveText("Alex Kim checked in.");
  await expect(results.getByText(/Checked in at/)).toBeVisible();
  const alex = (await list()).items.find((item) => item.name === "Alex Kim")!;
  // The server keeps the time the check-in was made, not the time it arrived.
  expect(new Date(alex.checkedInAt!).getTime()).toBeGreaterThanOrEqual(madeBefore - 1000);
  expect(new Date(alex.checkedInAt!).getTime()).toBeLessThan(backOnline);
  expect((await list()).counts.checkedIn).toBe(4);

  await page.getByLabel("Search by name").fill("");
  await expectNoAxeViolations(page);
  await shoot(page, "check-in");
});
