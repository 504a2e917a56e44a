import { defineConfig } from "vitest/config";

const unit = { include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"], exclude: ["**/*.int.test.ts"] };
const integration = {
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
