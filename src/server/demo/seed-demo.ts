// Loads the demo association into an empty site. The server's first start runs this in a process of its own
// (see prepareDatabase): drawing the demo's images with libvips leaves tens of megabytes behind in the process
// that did it. Sends the counts to the parent and exits.
import { parseEnv } from "../env.ts";
import { openRuntime } from "../runtime.ts";
import { seedDemoContent } from "./seed.ts";

// sharp's native work does not always hold the event loop open by itself; this does until the seed is done.
const holdOpen = setInterval(() => {}, 60_000);
const runtime = await openRuntime(parseEnv());
try {
  const counts = await seedDemoContent({ database: runtime.database, files: runtime.services.files });
  process.send?.(counts);
} finally {
  await runtime.close();
  clearInterval(holdOpen);
}
