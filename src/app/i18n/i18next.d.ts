import "i18next";
import type { resources } from "./resources.ts";

// Typed keys per namespace, with the single-brace placeholders the whole project uses ({max}).
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["en"];
    interpolationPrefix: "{";
    interpolationSuffix: "}";
  }
}
