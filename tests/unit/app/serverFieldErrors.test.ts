import { describe, expect, it } from "vitest";
import { serverFieldErrors } from "../../../src/app/ui/fieldErrors.ts";
import { ERROR } from "../../../src/contract/errors.ts";

const refusal = (field: string | undefined, message: string) => ({
  code: ERROR.validation,
  message,
  ...(field === undefined ? {} : { field }),
});

describe("serverFieldErrors", () => {
  it("keys the server's refusals as the form's fields, without the envelope's telegram prefix", () => {
    expect(
      serverFieldErrors([
        refusal("telegram.assigneeId", "is not an operator of this company"),
        refusal(undefined, "a refusal of the whole form"),
        refusal("telegram.memo", "first"),
        refusal("telegram.memo", "second"),
      ]),
    ).toEqual({ assigneeId: "is not an operator of this company", memo: "first" });
  });

  it("takes off the part of the telegram a form edits", () => {
    expect(serverFieldErrors([refusal("telegram.search.tel", "too long")], "search")).toEqual({
      tel: "too long",
    });
  });

  it("shows a list element's refusal at its list too", () => {
    expect(serverFieldErrors([refusal("telegram.labelIds.2", "unknown label")])).toEqual({
      "labelIds.2": "unknown label",
      labelIds: "unknown label",
    });
  });

  it("keeps a field named outside the telegram as it is", () => {
    expect(serverFieldErrors([refusal("header.lang", "unknown")])).toEqual({ "header.lang": "unknown" });
  });
});
