import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project's root (the folder with package.json), found from this file whether it runs from src/ or a build. */
function findRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
