import adminEn from "./locales/en/admin.json";
import auditLogEn from "./locales/en/auditLog.json";

/** The administration screens' English namespaces: a chunk of their own, loaded with those screens (resources.ts). */
export const adminResourcesEn = {
  admin: adminEn,
  auditLog: auditLogEn,
} as const;

export type AdminResources = typeof adminResourcesEn;
