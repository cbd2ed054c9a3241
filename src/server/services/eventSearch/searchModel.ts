import type { Kysely } from "kysely";
import type { Lang } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import { type EventSearch, SEARCH_MODE } from "../../../contract/eventSearch.ts";
import { messageText } from "../../../contract/messages.ts";
import { ApiError } from "../../apiError.ts";
import type { Database } from "../../db/schema.ts";
import { isTenantDetectionModel } from "../detectionModels.ts";

/**
 * Refuses a detailed search whose screening model is not one of the tenant's, as a field error at
 * `field` (the search's modelId in the telegram). The console offers only the tenant's models, so
 * such a search is a bookmark of a model since gone, another tenant's URL or a forged call: searching
 * it would answer "no data" (676) as if the model simply had no events.
 */
export async function checkSearchModel(
  db: Kysely<Database>,
  companyId: string,
  search: EventSearch,
  lang: Lang,
  field: string,
): Promise<void> {
  if (search.mode !== SEARCH_MODE.detail || search.modelId === "") return;
  if (await isTenantDetectionModel(db, companyId, search.modelId)) return;
  throw new ApiError(ERROR.validation, [{ field, message: messageText(lang, "validation.unknownModel") }]);
}
