/**
 * External FAQ of the service (top bar, Japanese only). Set VITE_FAQ_URL at build time to point the
 * link at the operator FAQ of the deployment.
 */
export const FAQ_URL: string = import.meta.env.VITE_FAQ_URL ?? "https://faq.fraud-console.jp/";
