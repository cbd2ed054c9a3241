import type { AdminResources } from "./adminResourcesEn.ts";
import adminJa from "./locales/ja/admin.json";
import auditLogJa from "./locales/ja/auditLog.json";
import type { SinglePluralForm } from "./singlePluralForm.ts";

/** The administration screens' Japanese namespaces, loaded with those screens (resources.ts). */
export const adminResourcesJa: SinglePluralForm<AdminResources> = {
  admin: adminJa,
  auditLog: auditLogJa,
};
