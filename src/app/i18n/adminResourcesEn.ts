import allowedIpEn from "./locales/en/allowedIp.json";
import auditLogEn from "./locales/en/auditLog.json";
import operatorsEn from "./locales/en/operators.json";
import rolesEn from "./locales/en/roles.json";

/** The administration screens' English namespaces: a chunk of their own, loaded with those screens (resources.ts). */
export const adminResourcesEn = {
  operators: operatorsEn,
  roles: rolesEn,
  allowedIp: allowedIpEn,
  auditLog: auditLogEn,
} as const;

export type AdminResources = typeof adminResourcesEn;
