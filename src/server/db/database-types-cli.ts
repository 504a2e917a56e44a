// `npm run db:types`: rewrites database-types.ts from the migrations.
import fs from "node:fs/promises";
import { generateDatabaseTypes } from "./database-types-generator.ts";

const target = new URL("./database-types.ts", import.meta.url);
await fs.writeFile(target, await generateDatabaseTypes());
console.log(`Wrote ${target.pathname}`);
