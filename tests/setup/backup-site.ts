// A site's data directory as a backup sees it: a SQLite database with a row, and one uploaded file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";

/** A fresh temporary folder holding `data/` (niche.sqlite, files/logos/a.webp); remove `root` afterwards. */
export function createSiteDir(prefix: string): { root: string; dataDir: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(root, "data");
  fs.mkdirSync(path.join(dataDir, "files", "logos"), { recursive: true });
  const db = new SQLite(path.join(dataDir, "niche.sqlite"));
  db.exec("create table note (id integer primary key, text text); insert into note (text) values ('kept')");
  db.close();
  fs.writeFileSync(path.join(dataDir, "files", "logos", "a.webp"), "logo bytes");
  return { root, dataDir };
}
