import fs from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import i18next from "eslint-plugin-i18next";
import tseslint from "typescript-eslint";

/** The server's features, each a folder under src/server/features with a public index.ts. */
const serverFeatures = fs.readdirSync(new URL("./src/server/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The web side's features, each a folder of src/web/features whose public face is its index.ts.
const webFeatures = fs.readdirSync(new URL("src/web/features/", import.meta.url), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : []));

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", ".e2e-data*/", "test-results*/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  // The seam between server and browser code (docs/decisions/0008-server-web-seam.md): the server never
  // imports web code; web code reaches the server only through src/web/lib/app-context.ts, the load
  // context of route loaders and actions; what both need lives in src/shared, which imports neither.
  {
    files: ["src/**"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createNodeResolver()] },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./src/server", from: "./src/web", message: "Server code must not import web code; move what both need to src/shared." },
            { target: "./src/shared", from: ["./src/server", "./src/web"], message: "src/shared is used by both sides and imports neither." },
          ],
        },
      ],
    },
  },
  // The server's layers (docs/decisions/0008-server-web-seam.md has the seam): code every feature uses (api/, auth/,
  // db/, storage/, mail/, http/, metrics/, backup/, lib/, geo-providers/ and the shared files at src/server's root) never imports a feature; a feature
  // reaches another only through that feature's index.ts; the wiring at src/server's root (services.ts, api-routes.ts,
  // app.ts, runtime.ts) and the demo seed (demo/) sit above the features and may use them, through their indexes too.
  {
    files: ["src/server/**"],
    // The import-x plugin and its resolver come from the "src/**" block above.
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./src/server", from: "./src/web", message: "Server code must not import web code; move what both need to src/shared." },
            {
              target: ["./src/server/!(features|demo)/**", "./src/server/{env,errors,logger,validation}.ts"],
              from: "./src/server/features/**",
              message: "Shared server code must not import a feature; pass what it needs in where the services are built (src/server/services.ts).",
            },
            ...serverFeatures.map((feature) => ({
              target: `./src/server/features/${feature}`,
              from: "./src/server/features",
              except: [`./${feature}`, ...serverFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
              message: "A feature reaches another only through its index.ts; a service it needs is passed in where the services are built.",
            })),
            {
              target: ["./src/server/demo/**", "./src/server/!(env|errors|logger|validation).ts"],
              from: "./src/server/features",
              except: serverFeatures.map((feature) => `./${feature}/index.ts`),
              message: "The wiring and the demo seed reach a feature only through its index.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // Configuration is read and validated in one place; everything else is handed what it needs.
    files: ["src/**"],
    ignores: ["src/server/env.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through src/server/env.ts (parseEnv) and pass it on." },
      ],
    },
  },
  {
    files: ["src/web/**"],
    ignores: ["src/web/lib/app-context.ts"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createNodeResolver()] },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./src/server", from: "./src/web", message: "Server code must not import web code; move what both need to src/shared." },
            { target: "./src/shared", from: ["./src/server", "./src/web"], message: "src/shared is used by both sides and imports neither." },
            {
              target: "./src/web",
              from: "./src/server",
              message: "Web code reaches the server only through src/web/lib/app-context.ts (getApp in loaders and actions); shared types live in src/shared.",
            },
          ],
        },
      ],
    },
  },
  // The web side's layers, in the style of Bulletproof React: routes compose features; a feature reaches another only
  // through that feature's index.ts; components/ and lib/ are below every feature and never import one (a widget a
  // feature owns is handed in by whoever draws it). Under its own name, so the seam's zones above still apply.
  {
    files: ["src/web/**"],
    plugins: { "web-layers": importX },
    settings: { "import-x/resolver-next": [createNodeResolver()] },
    rules: {
      "web-layers/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["./src/web/components", "./src/web/lib"],
              from: ["./src/web/features", "./src/web/routes"],
              message: "components/ and lib/ sit below the features: move what both need down, or take the feature's part as a prop.",
            },
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: "./src/web/features",
              except: [`./${feature}`, ...webFeatures.map((other) => `./${other}/index.ts`)],
              message: "A feature reaches another only through that feature's index.ts.",
            })),
          ],
        },
      ],
    },
  },
  {
    // The folders whose texts are in the catalogs (src/shared/i18n/locales): a text written into their JSX fails.
    // Add each folder here as it is converted.
    files: [
      "src/web/root.tsx",
      "src/web/components/layout/**",
      "src/web/routes/not-found.tsx",
      // The public pages (catalogs `public` and `hours`).
      ...["home", "map", "events", "event", "business", "offers", "offer", "news", "post", "category", "tag", "search", "contact", "subscribe", "resources", "page"].map((name) => `src/web/routes/${name}.tsx`),
      "src/web/features/map/**",
      "src/web/features/events/event-card.tsx",
      "src/web/features/business/{attribute-list,photo-gallery}.tsx",
      "src/web/features/home/**",
      "src/web/features/offers/**",
      "src/web/features/directory/**",
      "src/web/components/hours/opening-hours-panel.tsx",
      // The association's tools (catalog `manage`).
      ...["admin-site-settings", "admin-newsletters", "admin-subscribers", "admin-insights", "admin-intake", "event-registrations", "event-check-in"].map((name) => `src/web/routes/${name}.tsx`),
      "src/web/features/admin/{site-settings-form,site-image-list,insights-overview}.tsx",
      "src/web/features/{newsletter,import,check-in,registration}/**",
      "src/web/features/{surveys/questions-editor,volunteering/shifts-editor,subscriptions/subscriber-import,announcements/attachments-field}.tsx",
      "src/web/components/{insights-by-day,insights-chart,insight-beacon}.tsx",
      "src/web/routes/{admin,admin-index,admin-tab,admin-listings,admin-requests,add-marker,add-category}.tsx",
      "src/web/features/admin/{admin-tabs,screens,tables,entity-admin,business-extras,my-account-tab}.{ts,tsx}",
      "src/web/features/events/repeat-rule-field.tsx",
      "src/web/components/ui/**",
      "src/web/components/upload/**",
      "src/web/components/hours/hours-editor.tsx",
      "src/web/features/subscriptions/subscribe-form.tsx",
      "src/web/routes/heading-page.tsx",
      "src/web/components/ui/pager.tsx",
      "src/web/components/ui/translation-section.tsx",
      // The account's, members' and owners' pages (catalogs `account`, `members` and `owners`).
      ...["login", "signup", "forgot-password", "reset-password", "profile-setup", "my-account", "setup", "privacy", "my-business"].map((name) => `src/web/routes/${name}.tsx`),
      ...["dashboard", "announcement", "announcements", "meeting", "meetings", "research"].map((name) => `src/web/routes/member-${name}.tsx`),
      "src/web/features/account/**",
      "src/web/features/dashboard/**",
      "src/web/features/announcements/member-invitation.tsx",
      "src/web/features/meetings/**",
      "src/web/features/owners/{my-business-page,business-insights,claim-form}.tsx",
      "src/web/features/listings/owner-suggestions.tsx",
      "src/web/lib/page-title.tsx",
      ...["surveys", "survey", "volunteer"].map((name) => `src/web/routes/member-${name}.tsx`),
      ...["volunteer", "volunteer-opportunity", "insights-stop", "registration-cancel", "listing-confirm"].map((name) => `src/web/routes/${name}.tsx`),
      "src/web/features/volunteering/shift-item.tsx",
      "src/web/features/surveys/{survey-form,survey-facts,survey-results}.tsx",
      "src/web/routes/intake.tsx",
      "src/web/features/intake/**",
      "src/web/features/business/photos-editor.tsx",
      "src/web/features/events/occurrence-changes.tsx",
      "src/web/features/library/document-library.tsx",
      "src/web/features/volunteering/roster.tsx",
      "src/web/features/listings/suggestion-card.tsx",
      "src/web/features/surveys/survey-chart.tsx",
      "src/web/features/owners/{business-owners,request-card,field-diff,moderation-settings-form,requests-nav-label}.tsx",
      "src/web/features/owners/request-translations.tsx",
      "src/web/features/listings/visitor-suggestions.tsx",
      "src/web/features/subscriptions/{account-subscription-form,topic-choices}.tsx",
      "src/web/routes/subscribe-{confirm,preferences}.tsx",
    ],
    ignores: ["**/*.test.tsx"],
    plugins: { i18next },
    rules: { "i18next/no-literal-string": ["error", { mode: "jsx-text-only" }] },
  },
  {
    files: ["src/server/cli/**", "src/server/db/migrate-cli.ts", "src/server/db/database-types-cli.ts", "tests/**", "bench/**", "*.config.ts"],
    rules: { "no-console": "off" },
  },
  {
    // Playwright fixtures call their continuation `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
