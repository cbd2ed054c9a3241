/**
 * Where the shops' screening API answers: apart from its schemas (screeningApi.ts), so the console's
 * API connection screen can show them without loading the API's definitions.
 */
export const SCREEN_TRANSACTION_PATH = "/api/v3/screening/screen";
export const SCREENING_OPENAPI_PATH = "/api/v3/screening/openapi.json";
