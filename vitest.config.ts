import { defineConfig } from "vitest/config";

// Files share one module graph per worker (each file opens its own database and app): loading the server's modules
// once per worker instead of once per file roughly halves the suite's time.
const shared = { isolate: false };
const unit = { ...shared, include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"], exclude: ["**/*.int.test.ts"] };
const integration = {
  ...shared,
  include: ["src/**/*.int.test.ts", "tests/integration/**/*.int.test.ts"],
  globalSetup: ["tests/setup/global-setup.ts"],
  testTimeout: 20_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", ...unit } },
      { test: { name: "integration:sqlite", ...integration, env: { TEST_DB: "sqlite" } } },
      // PostgreSQL runs the same integration suite whenever a server is given.
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: "integration:postgres", ...integration, env: { TEST_DB: "postgres" } } }]
        : []),
    ],
  },
});
