import os from "node:os";
import { defineConfig } from "vitest/config";

// Files share one module graph per worker (each file opens its own database and app): loading the server's modules
// once per worker instead of once per file roughly halves the suite's time.
const shared = { isolate: false };
// Rendering forms in jsdom takes seconds when the machine is busy: a timeout is a failure, not a slow test.
const unit = { ...shared, setupFiles: ["tests/setup/i18n-english.ts"], testTimeout: 20_000, include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts", "scripts/**/*.test.ts"], exclude: ["**/*.int.test.ts"] };
const integration = {
  ...shared,
  include: ["src/**/*.int.test.ts", "tests/integration/**/*.int.test.ts"],
  globalSetup: ["tests/setup/global-setup.ts"],
  setupFiles: ["tests/setup/i18n-english.ts"],
  testTimeout: 20_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    // Integration files spend much of their time waiting on server processes and PostgreSQL: on a machine of two
    // cores Vitest's default is one file at a time, three overlap that waiting.
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
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
