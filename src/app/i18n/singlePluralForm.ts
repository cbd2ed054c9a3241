/**
 * A namespace's shape in Japanese. A count in English has i18next's plural keys (total_one,
 * total_other); Japanese has one plural form, written as the bare key (total), which i18next falls
 * back to. The key-parity test (i18nResources.test.ts) checks the same correspondence.
 */
export type SinglePluralForm<T> = {
  [K in keyof T as K extends `${string}_one`
    ? never
    : K extends `${infer Base}_other`
      ? Base
      : K]: T[K] extends string ? string : SinglePluralForm<T[K]>;
};
