import { Button, Flex } from "@radix-ui/themes";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  EMPTY_DETAIL_SEARCH,
  type EventSearch,
  eventSearchSchema,
  SEARCH_MODE,
  searchToQuery,
} from "../../../contract/eventSearch.ts";
import { AuthActor } from "../../actors/AuthActor.tsx";
import { useShortcuts } from "../../shortcuts/useShortcuts.ts";
import { type FieldErrors, focusFirstInvalid, validateForm } from "../../ui/fieldErrors.ts";
import { DetailSearchFields, type DetailValues, searchFieldId } from "./DetailSearchFields.tsx";
import { LIST_KEYS } from "./eventShortcuts.ts";
import { SearchField } from "./SearchField.tsx";
import { type SearchMode, SearchModeChooser } from "./SearchModeChooser.tsx";
import { AWAITING_MANUAL_SCREENING, assignedToMe } from "./searchPresets.ts";
import { clearUnreadableDates, unreadableDateErrors } from "./unreadableDates.ts";

interface Draft {
  mode: SearchMode;
  q: string;
  detail: DetailValues;
}

function draftOf(search: EventSearch): Draft {
  const { mode: _mode, ...emptyDetail } = EMPTY_DETAIL_SEARCH;
  if (search.mode === SEARCH_MODE.quick) return { mode: search.mode, q: search.q, detail: emptyDetail };
  const { mode, ...detail } = search;
  return { mode, q: "", detail };
}

const searchOf = (draft: Draft): EventSearch =>
  draft.mode === SEARCH_MODE.quick
    ? { mode: SEARCH_MODE.quick, q: draft.q }
    : { mode: SEARCH_MODE.detail, ...draft.detail };

/**
 * The search form: quick or detailed, checked in the browser with the contract's schema (the spec's
 * messages at each field) before it is sent; Enter in any field searches, a dropdown's too. It shows
 * the search in force again whenever that changes (a reload, back and forward). Its key (LIST_KEYS)
 * selects its first text.
 * "Awaiting manual screening" runs the review queue's search (searchPresets.ts) at once, and
 * "Assigned to me (not screened)" the signed-in operator's own queue.
 */
export function EventSearchForm({
  search,
  serverErrors,
  onSearch,
}: {
  search: EventSearch;
  /** The server's refusal of the search in force, by field. */
  serverErrors: FieldErrors;
  onSearch: (search: EventSearch) => void;
}) {
  const { t } = useTranslation("eventList");
  const { t: message } = useTranslation("messages");
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(search));
  const [errors, setErrors] = useState<FieldErrors>({});
  const operatorId = AuthActor.useSelector(
    (snapshot) => snapshot.context.loginInfo?.loginOperator?.operatorId ?? null,
  );
  const shownKey = searchToQuery(search).toString();
  useShortcuts({
    [LIST_KEYS.focusSearch]: () => {
      const first = formRef.current?.querySelector<HTMLInputElement>("input[type='text']");
      first?.focus();
      first?.select();
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the search
  useEffect(() => {
    setDraft(draftOf(search));
    clearUnreadableDates(formRef.current);
    setErrors({});
  }, [shownKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(eventSearchSchema, searchOf(draft));
    // A date or time typed in part reads as "" (no date): it is refused at its box, whose message
    // comes before the schema's (which would say the date is missing, "The date and time are a set").
    const unreadable = unreadableDateErrors(formRef.current, (key, params) => message(key, params));
    if (!checked.ok || Object.keys(unreadable).length > 0) {
      setErrors({ ...(checked.ok ? {} : checked.errors), ...unreadable });
      // After React has marked the fields invalid.
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setErrors({});
    onSearch(checked.data);
  };

  // Enter searches from every field (spec section 2): browsers submit a form by Enter from its text
  // boxes and check boxes, not from a dropdown (customer type, screening model, negative registered,
  // assignee).
  const submitFromDropdown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== "Enter" || !(event.target instanceof HTMLSelectElement)) return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  };

  const shownErrors = { ...serverErrors, ...errors };
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      onKeyDown={submitFromDropdown}
      noValidate
      aria-label={t("searchHeading")}
      className="event-search-form"
    >
      <Flex direction="column" gap="3">
        <SearchModeChooser mode={draft.mode} onChange={(mode) => setDraft((now) => ({ ...now, mode }))} />
        {draft.mode === SEARCH_MODE.quick ? (
          <SearchField
            id={searchFieldId("q")}
            label={t("quickSearch")}
            hint={t("quickHint")}
            value={draft.q}
            onChange={(q) => setDraft((now) => ({ ...now, q }))}
            error={shownErrors.q}
          />
        ) : (
          <DetailSearchFields
            values={draft.detail}
            errors={shownErrors}
            onChange={(patch) => setDraft((now) => ({ ...now, detail: { ...now.detail, ...patch } }))}
          />
        )}
        <Flex gap="3">
          <Button type="submit">{t("search")}</Button>
          <Button
            type="button"
            variant="soft"
            color="gray"
            onClick={() => {
              setDraft((now) => ({ ...draftOf({ mode: SEARCH_MODE.quick, q: "" }), mode: now.mode }));
              clearUnreadableDates(formRef.current);
              setErrors({});
            }}
          >
            {t("clear")}
          </Button>
          <Button type="button" variant="soft" onClick={() => onSearch(AWAITING_MANUAL_SCREENING)}>
            {t("awaitingManualScreening")}
          </Button>
          {operatorId ? (
            <Button type="button" variant="soft" onClick={() => onSearch(assignedToMe(operatorId))}>
              {t("assignedToMe")}
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </form>
  );
}
