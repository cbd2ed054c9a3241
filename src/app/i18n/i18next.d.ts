import "i18next";
import type { Resources } from "./resources.ts";

// Typed keys per namespace, with the single-brace placeholders the whole project uses ({max}).
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: Resources;
    interpolationPrefix: "{";
    interpolationSuffix: "}";
  }
}
