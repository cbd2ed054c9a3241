import { describe, expect, it } from "vitest";
import { modelChoices } from "../../../src/app/features/event/modelChoices.ts";

const MODELS = [
  { modelId: "MODEL01", modelName: "標準モデル" },
  { modelId: "MODEL02", modelName: "Gift cards" },
];
const WORDS = { any: "Any", unknown: (modelId: string) => `${modelId} (unknown model)` };

describe("the screening model dropdown's choices", () => {
  it("are 'any' first, then the tenant's models as name (ID)", () => {
    expect(modelChoices(MODELS, "", WORDS)).toEqual([
      { value: "", label: "Any" },
      { value: "MODEL01", label: "標準モデル (MODEL01)" },
      { value: "MODEL02", label: "Gift cards (MODEL02)" },
    ]);
    expect(modelChoices(MODELS, "MODEL02", WORDS)).toHaveLength(3);
  });

  it("keep a model the search names that the tenant does not have, marked unknown, so it is not shown as 'any'", () => {
    expect(modelChoices(MODELS, "MODEL09", WORDS).at(-1)).toEqual({
      value: "MODEL09",
      label: "MODEL09 (unknown model)",
    });
    // Compared as sent: the server knows only the model's own ID.
    expect(modelChoices(MODELS, "model01", WORDS).at(-1)).toEqual({
      value: "model01",
      label: "model01 (unknown model)",
    });
  });

  it("show the chosen ID as it is while the models load or when they could not be loaded", () => {
    expect(modelChoices(null, "MODEL01", WORDS)).toEqual([
      { value: "", label: "Any" },
      { value: "MODEL01", label: "MODEL01" },
    ]);
    expect(modelChoices(null, "", WORDS)).toEqual([{ value: "", label: "Any" }]);
  });
});
