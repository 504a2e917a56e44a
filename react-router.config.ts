import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  // BUILD_DIR lets several checkouts of the tests build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
} satisfies Config;
