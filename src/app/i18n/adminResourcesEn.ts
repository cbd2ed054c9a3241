import adminEn from "./locales/en/admin.json";
import operatorsEn from "./locales/en/operators.json";

/** The administration screens' English namespaces: a chunk of their own, loaded with those screens (resources.ts). */
export const adminResourcesEn = {
  admin: adminEn,
  operators: operatorsEn,
} as const;

export type AdminResources = typeof adminResourcesEn;
