import fs from "node:fs";
import { chromium, defineConfig, devices } from "@playwright/test";

import { DEMO_DATA_DIR, DEMO_PORT, E2E_DATA_DIR, E2E_PORT as PORT } from "./tests/e2e/env.ts";

/** Debian's Chromium (or CHROMIUM_PATH); Playwright's own browser only when neither is there. */
function chromiumExecutable(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean) as string[];
  const found = candidates.find((file) => fs.existsSync(file));
  if (found) return found;
  const bundled = chromium.executablePath();
  if (bundled && fs.existsSync(bundled)) return bundled;
  throw new Error(
    "No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `apt-get install -y chromium`), " +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary, or run `npx playwright install chromium`.",
  );
}

/** A production server on the demo content, with local fakes of the geocoder and router. */
function server(port: number, dataDir: string) {
  return {
    command: `rm -rf ${dataDir} && node tests/e2e/serve-with-geo-fakes.ts`,
    // The address the server listens on (0.0.0.0), not a name that may resolve to ::1 first.
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // A start takes seconds; a machine busy installing or building may need far more.
    timeout: 180_000,
    // Errors only: the log of a request that failed (a 500) is printed with the run's output, beside the journey.
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_CONTENT: "true",
      NODE_ENV: "production",
      LOG_LEVEL: "error",
      AUTH_SECRET: "e2e-secret-that-is-long-enough-for-better-auth",
      // A tile-less map style: journeys make no outside requests.
      MAP_STYLE_URL: "offline",
      // Every journey signs in from this one address; the limit itself is tested on servers of its own.
      SIGN_IN_LIMIT_PER_IP: "100000",
      ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}),
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // On CI a failing journey runs again (retries below) and that second run is recorded; recording every run cost
    // about 7% of the journeys' processor time (tests/e2e/site.spec.ts: 89 s against 83 s).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"] } },
    // The phone runs the visitors' journeys (home, map, lists, event and business pages, the site's frame) and one
    // walk through the admin (admin.spec.ts). Journeys of what the server does with content and requests (sanitising,
    // uploads resuming, mail, third-party sign-in, failures of parts of the page, a map style's CSP, imports,
    // validators) and the admin's editing journeys behind the same widgets see the same server output at any
    // width: desktop only.
    {
      name: "phone",
      // A phone's width, touch and user agent at one device pixel per CSS pixel: layouts are the same, and
      // Chromium paints (the map in software WebGL above all) a seventh of the pixels.
      use: { ...devices["Pixel 7"], deviceScaleFactor: 1 },
      testIgnore: [
        "**/accounts.spec.ts",
        "**/admin-content.spec.ts",
        "**/admin-forms.spec.ts",
        "**/admin-markers.spec.ts",
        "**/change-password.spec.ts",
        "**/first-run.spec.ts",
        "**/import.spec.ts",
        "**/intake.spec.ts",
        "**/link-previews.spec.ts",
        "**/map-style.spec.ts",
        "**/opening-hours.spec.ts",
        "**/owners.spec.ts",
        "**/pages.spec.ts",
        "**/posts-xss.spec.ts",
        "**/public-site-states.spec.ts",
        "**/uploads.spec.ts",
        "**/validators.spec.ts",
        // The members', newsletter, registration and listings journeys: forms and mail the server answers alike at
        // any width (their pages' phone layouts are in the screenshots and the validators).
        "**/insights-admin.spec.ts",
        "**/listings.spec.ts",
        "**/newsletter-subscribe.spec.ts",
        "**/newsletters.spec.ts",
        "**/registration.spec.ts",
        "**/surveys.spec.ts",
        "**/volunteering.spec.ts",
        // An administrator's settings and an owner's counts: what the server stores and shows back, alike at any width.
        "**/insights.spec.ts",
        "**/site-settings.spec.ts",
        // An administrator's French screens and translations: the same server output at any width.
        "**/french-admin.spec.ts",
        "**/translations.spec.ts",
        "**/text-translations.spec.ts",
        // An administrator's date, time and tag pickers: the admin's walk at a phone's width is admin.spec.ts's.
        "**/admin-widgets.spec.ts",
        // Journeys that skip themselves on the phone: left out here, their browser and fixtures are not set up for nothing.
        "**/announcements.spec.ts",
        "**/french-mail.spec.ts",
        "**/library.spec.ts",
        "**/meetings.spec.ts",
      ],
      // Single journeys of an administrator's editing in files whose other journeys are a visitor's (in the title, or as
      // a tag: `{ tag: "@desktop-only" }`).
      grepInvert: /@desktop-only/,
    },
  ],
  // The journeys' server, and the untouched demo (see tests/e2e/env.ts).
  webServer: [server(PORT, E2E_DATA_DIR), server(DEMO_PORT, DEMO_DATA_DIR)],
});
