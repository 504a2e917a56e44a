import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Each text asset also as .br and .gz beside it, made once at build time: the server sends those as they are
    // (src/server/static-files.ts) instead of compressing a megabyte of map library for every visitor.
    // BUILD_COMPRESS=false leaves the copies out, for a build that only has to run (the test of `npm start` building a
    // release): the server then sends the files as they are, and the JavaScript budget compresses what it weighs.
    ...(process.env.BUILD_COMPRESS === "false"
      ? []
      : [compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/, threshold: 1024 })]),
  ],
  // A feature's index.ts only names its modules: a page that takes one export from it takes that export's code, not
  // every module the index names (and their libraries). Only the indexes: Rolldown would also drop the top-level
  // calls (MapLibre's worker address, Chart.js's registrations) of a module marked so.
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /\/src\/(web|shared)\/(.+\/)?index\.ts$/, sideEffects: false }] } },
  },
  // React Aria goes into the server build (only the components the pages use) instead of being loaded whole
  // from node_modules: about 11 MB less resident memory in the server.
  ssr: { noExternal: [/^react-aria/, /^@react-aria\//, /^react-stately/, /^@react-stately\//, /^@internationalized\//] },
});
