/**
 * Settings the server writes into the served index.html as `<meta name=... content=...>`, so the SPA
 * knows them before anyone logs in (src/server/plugins/spa.ts writes them, src/app/pageSettings.ts
 * reads them at boot).
 */
export const PAGE_META = {
  /** CONSOLE_ENV: the header colour and the test-environment marker (spec section 1). */
  environment: "console-environment",
  /** FAQ_URL: the top bar's FAQ link (Japanese only); absent when the server has none. */
  faqUrl: "console-faq-url",
} as const;
