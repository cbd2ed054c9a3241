import { ensurePgliteTemplate } from "./testDatabase.ts";

/** Builds (or reuses) the migrated, demo-seeded PGlite template once before the server tests. */
export default async function setup(): Promise<void> {
  await ensurePgliteTemplate();
}
