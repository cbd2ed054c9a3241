import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ActionValues } from "../../../../../machines/event/manualScreeningMachine.ts";
import {
  NEGATIVE_OPERATION,
  NEGATIVE_OTHER_CATEGORIES,
  NEGATIVE_SETTLE_CATEGORIES,
} from "../../../../contract/eventActions.ts";
import { codeLabel } from "../../../../contract/eventCodeLabels.ts";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import { currentLang, translateKey } from "../../../i18n/i18n.ts";
import { SelectField } from "../../../ui/SelectField.tsx";
import { ActionFormFrame } from "./ActionFormFrame.tsx";
import type { ActionFormProps } from "./actionFormProps.ts";
import { DIALOG_SELECT_CLASSES, DialogChoice, DialogChoices } from "./DialogFields.tsx";
import { NegativeCoverageList } from "./NegativeCoverageList.tsx";
import { useReportInput } from "./useReportInput.ts";

type NegativeValues = Extract<ActionValues, { action: "negative" }>;
type Operation = NegativeValues["purchaser"];
type Party = "purchaser" | "shipping";
const OPERATIONS: readonly Operation[] = [
  NEGATIVE_OPERATION.nothing,
  NEGATIVE_OPERATION.register,
  NEGATIVE_OPERATION.release,
];
const INITIAL: NegativeValues = {
  action: "negative",
  purchaser: NEGATIVE_OPERATION.nothing,
  shipping: NEGATIVE_OPERATION.nothing,
  settleCategory: "",
  otherCategory: "",
};

const isSettle = (value: string): value is NegativeValues["settleCategory"] =>
  value === "" || NEGATIVE_SETTLE_CATEGORIES.some((category) => category === value);
const isOther = (value: string): value is NegativeValues["otherCategory"] =>
  value === "" || NEGATIVE_OTHER_CATEGORIES.some((category) => category === value);

/**
 * Update negative: the purchaser and the shipping address each nothing, registration or release,
 * with a settle category and an other category. Nothing for both is refused before sending (902).
 * Each party says whether this event has it registered now and what a registration would add; a
 * party the event lacks cannot be registered, nor one it has not registered released (the server
 * refuses both the same way).
 */
export function NegativeForm(
  props: ActionFormProps & {
    registered: EventDetail["negativeParties"];
    coverage: EventDetail["negativeCoverage"];
    present: Record<Party, boolean>;
  },
) {
  const { t } = useTranslation("eventDetail");
  const lang = currentLang();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<NegativeValues>(
    props.draft?.action === "negative" ? props.draft : INITIAL,
  );
  const [nothingChosen, setNothingChosen] = useState(false);
  useReportInput(values, props.input);
  const [coverageOpen, setCoverageOpen] = useState<Record<Party, boolean>>({
    purchaser: values.purchaser === NEGATIVE_OPERATION.register,
    shipping: values.shipping === NEGATIVE_OPERATION.register,
  });

  const party = (name: Party) => {
    const now = t("negativeNow", { state: codeLabel(lang, "negatived", props.registered[name]) });
    return (
      <DialogChoices
        legend={t(`fields.${name}`)}
        status={props.present[name] ? now : [now, translateKey("messages:validation.noPartyData")]}
        errorId={`event-dialog-${name}`}
        error={props.serverErrors[name]}
      >
        {OPERATIONS.map((operation) => (
          <DialogChoice
            key={operation}
            type="radio"
            name={`event-dialog-${name}`}
            label={t(`negativeOperation.${operation}`)}
            checked={values[name] === operation}
            disabled={
              (operation === NEGATIVE_OPERATION.register && !props.present[name]) ||
              (operation === NEGATIVE_OPERATION.release && !props.registered[name])
            }
            onChange={(checked) => {
              if (!checked) return;
              setValues({ ...values, [name]: operation });
              if (operation === NEGATIVE_OPERATION.register)
                setCoverageOpen({ ...coverageOpen, [name]: true });
            }}
          />
        ))}
        {props.present[name] ? (
          <NegativeCoverageList
            lines={props.coverage[name]}
            open={coverageOpen[name]}
            onToggle={(open) => setCoverageOpen((current) => ({ ...current, [name]: open }))}
          />
        ) : null}
      </DialogChoices>
    );
  };

  const submit = () => {
    const nothing =
      values.purchaser === NEGATIVE_OPERATION.nothing && values.shipping === NEGATIVE_OPERATION.nothing;
    setNothingChosen(nothing);
    if (!nothing) props.submit(values);
  };

  return (
    <ActionFormFrame
      formRef={form}
      onSubmit={submit}
      onCancel={props.cancel}
      formError={nothingChosen ? translateKey("messages:no.902") : props.serverFormError}
      busy={props.busy}
    >
      {party("purchaser")}
      {party("shipping")}
      <SelectField
        classes={DIALOG_SELECT_CLASSES}
        id="event-dialog-settle-category"
        label={t("fields.settleCategory")}
        value={values.settleCategory}
        options={[
          { value: "", label: t("noCategory") },
          ...NEGATIVE_SETTLE_CATEGORIES.map((value) => ({
            value,
            label: codeLabel(lang, "negativeSettleCategory", value),
          })),
        ]}
        onChange={(value) => {
          if (isSettle(value)) setValues({ ...values, settleCategory: value });
        }}
        error={props.serverErrors.settleCategory}
      />
      <SelectField
        classes={DIALOG_SELECT_CLASSES}
        id="event-dialog-other-category"
        label={t("fields.otherCategory")}
        value={values.otherCategory}
        options={[
          { value: "", label: t("noCategory") },
          ...NEGATIVE_OTHER_CATEGORIES.map((value) => ({
            value,
            label: codeLabel(lang, "negativeOtherCategory", value),
          })),
        ]}
        onChange={(value) => {
          if (isOther(value)) setValues({ ...values, otherCategory: value });
        }}
        error={props.serverErrors.otherCategory}
      />
    </ActionFormFrame>
  );
}
