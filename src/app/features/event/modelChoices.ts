import { type DetectionModel, detectionModelLabel } from "../../../contract/releasedRules.ts";

export interface ModelChoice {
  value: string;
  label: string;
}

/**
 * The screening model dropdown's choices: "any" first, then the tenant's detection models as
 * "name (ID)". A model the search names that is not among them (a bookmark of a model since gone,
 * another tenant's URL) stays a choice of its own, marked unknown, so the dropdown shows what the
 * search says instead of silently showing "any"; the server refuses that search at this field.
 * While the models load (or when they could not be), the chosen ID is shown as it is.
 */
export function modelChoices(
  models: readonly DetectionModel[] | null,
  chosen: string,
  words: { any: string; unknown: (modelId: string) => string },
): ModelChoice[] {
  const known = (models ?? []).map((model) => ({ value: model.modelId, label: detectionModelLabel(model) }));
  const choices = [{ value: "", label: words.any }, ...known];
  if (chosen === "" || known.some((choice) => choice.value === chosen)) return choices;
  return [...choices, { value: chosen, label: models === null ? chosen : words.unknown(chosen) }];
}
