import { createApiClient } from "../client/api.ts";
import { readLoginInfo } from "../client/session.ts";
import { currentLang } from "./i18n/i18n.ts";

/** The one API client of the SPA: the display language and the stored login info of the moment. */
export const apiClient = createApiClient({ lang: currentLang, loginInfo: readLoginInfo });
