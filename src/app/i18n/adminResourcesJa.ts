import type { AdminResources } from "./adminResourcesEn.ts";
import allowedIpJa from "./locales/ja/allowedIp.json";
import auditLogJa from "./locales/ja/auditLog.json";
import operatorsJa from "./locales/ja/operators.json";
import rolesJa from "./locales/ja/roles.json";
import type { SinglePluralForm } from "./singlePluralForm.ts";

/** The administration screens' Japanese namespaces, loaded with those screens (resources.ts). */
export const adminResourcesJa: SinglePluralForm<AdminResources> = {
  operators: operatorsJa,
  roles: rolesJa,
  allowedIp: allowedIpJa,
  auditLog: auditLogJa,
};
