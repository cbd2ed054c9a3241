import { readdir, stat } from "node:fs/promises";
import path from "node:path";

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(target);
  const times = await Promise.all(entries.map((entry) => newestMtime(path.join(target, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/** Whether `built` is missing or older than any file under `sources` (paths under `root`). */
export async function isStale(root: string, built: string, sources: readonly string[]): Promise<boolean> {
  const builtInfo = await stat(path.join(root, built)).catch(() => null);
  if (!builtInfo) return true;
  const times = await Promise.all(sources.map((source) => newestMtime(path.join(root, source))));
  return Math.max(...times) > builtInfo.mtimeMs;
}
