import { readdir, readFile } from "node:fs/promises";

/** CPU readings from /proc, for the benchmarks' "where did the cores go" lines. */

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU time of a process so far (ms), or undefined once it is gone. */
export async function processCpuMs(pid: number): Promise<number | undefined> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Busy CPU time of the whole machine (all cores), from /proc/stat. */
export async function machineBusyMs(): Promise<number> {
  const line = (await readFile("/proc/stat", "utf8")).split("\n")[0] ?? "";
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * TICK_MS;
}

/** CPU time so far (ms) of every process named `command` (e.g. all of PostgreSQL's: backends, WAL writer, checkpointer). */
export async function commandCpuMs(command: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== command) continue;
      total += (await processCpuMs(Number(entry))) ?? 0;
    } catch {
      // Gone while listed.
    }
  }
  return total;
}
