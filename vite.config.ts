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
    compression({ algorithms: ["brotliCompress", "gzip"], include: /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/, threshold: 1024 }),
  ],
  // Niche's own modules do nothing on import but define things: a page that takes one export from a feature's
  // index.ts takes that export's code, not every module the index names (and their libraries). Making a zod schema
  // does nothing else either: a module whose helpers a page uses does not bring zod with its unused schemas.
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /\/src\/(web|shared)\/.*\.tsx?$/, sideEffects: false }], manualPureFunctions: ["z"] } },
  },
  // React Aria goes into the server build (only the components the pages use) instead of being loaded whole
  // from node_modules: about 11 MB less resident memory in the server.
  ssr: { noExternal: [/^react-aria/, /^@react-aria\//, /^react-stately/, /^@react-stately\//, /^@internationalized\//] },
});
