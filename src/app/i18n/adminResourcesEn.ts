import adminEn from "./locales/en/admin.json";

/** The administration screens' English namespaces: a chunk of their own, loaded with those screens (resources.ts). */
export const adminResourcesEn = {
  admin: adminEn,
} as const;

export type AdminResources = typeof adminResourcesEn;
