import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The directory of the nearest package.json above a module: the same whether the server runs from
 * its sources (src/server/...) or from its bundle (dist/server/main.js), whose depths differ.
 */
export function packageRootOf(moduleUrl: string): string {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${moduleUrl}`);
    dir = parent;
  }
  return dir;
}

export const PACKAGE_ROOT = packageRootOf(import.meta.url);
