import adminEn from "./locales/en/admin.json";
import allowedIpEn from "./locales/en/allowedIp.json";
import rolesEn from "./locales/en/roles.json";

/** The administration screens' English namespaces: a chunk of their own, loaded with those screens (resources.ts). */
export const adminResourcesEn = {
  admin: adminEn,
  roles: rolesEn,
  allowedIp: allowedIpEn,
} as const;

export type AdminResources = typeof adminResourcesEn;
