import * as Dialog from "@radix-ui/react-dialog";
import { Theme } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import type { ActionValues } from "../../../../../machines/event/manualScreeningMachine.ts";
import type { EventDetail } from "../../../../contract/eventDetail.ts";
import { serverFieldErrors } from "../../../ui/fieldErrors.ts";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { useDialogFocusReturn } from "../../../ui/useDialogFocusReturn.ts";
import { EventDetailScreeningActor } from "../EventDetailScreeningActor.tsx";
import { AssignForm } from "./AssignForm.tsx";
import type { ActionFormProps } from "./actionFormProps.ts";
import { LabelForm } from "./LabelForm.tsx";
import { ManualResultForm } from "./ManualResultForm.tsx";
import { MemoForm } from "./MemoForm.tsx";
import { NegativeForm } from "./NegativeForm.tsx";

/**
 * The open action's dialog (Radix: focus trapped inside, Escape and the overlay cancel while the form
 * is being filled). It stays open under the confirmation dialog and while saving; cancelling ends the
 * edit and its lock.
 */
export function ActionDialog({ detail }: { detail: EventDetail }) {
  const { t } = useTranslation("eventDetail");
  const screening = EventDetailScreeningActor.useActorRef();
  const focusReturn = useDialogFocusReturn();
  const open = EventDetailScreeningActor.useSelector((snapshot) => snapshot.hasTag("dialogOpen"));
  const action = EventDetailScreeningActor.useSelector((snapshot) => snapshot.context.action);
  const filling = EventDetailScreeningActor.useSelector((snapshot) =>
    snapshot.matches({ holding: { form: "editing" } }),
  );
  const options = EventDetailScreeningActor.useSelector((snapshot) => snapshot.context.options);
  const draft = EventDetailScreeningActor.useSelector((snapshot) => snapshot.context.draft);
  const errors = EventDetailScreeningActor.useSelector((snapshot) => snapshot.context.errors);
  const version = EventDetailScreeningActor.useSelector((snapshot) => snapshot.context.version);

  if (!action) return null;
  const cancel = () => {
    if (filling) screening.send({ type: "edit.cancel" });
  };
  const formErrors = errors.filter((error) => !error.field);
  const props: ActionFormProps = {
    eventId: detail.basic.eventId,
    version,
    options,
    draft,
    serverErrors: serverFieldErrors(errors),
    serverFormError: formErrors.length > 0 ? formErrors.map(shownErrorText).join("\n") : null,
    busy: !filling,
    submit: (values: ActionValues) => screening.send({ type: "form.submit", values }),
    input: (values: ActionValues) => screening.send({ type: "edit.input", values }),
    cancel,
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : cancel())}>
      <Dialog.Portal>
        <Theme accentColor="sky" grayColor="slate">
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog-content event-action-dialog" {...focusReturn}>
            <Dialog.Title className="dialog-title">{t(`dialogTitle.${action}`)}</Dialog.Title>
            <Dialog.Description className="dialog-description">
              {t(`dialogDescription.${action}`)}
            </Dialog.Description>
            {action === "ok" || action === "ng" || action === "hold" ? (
              <ManualResultForm
                key={action}
                result={action}
                currentLabelIds={detail.basic.labelIds}
                {...props}
              />
            ) : action === "negative" ? (
              <NegativeForm
                {...props}
                registered={detail.negativeParties}
                coverage={detail.negativeCoverage}
                present={{ purchaser: detail.purchaser !== null, shipping: detail.shipping !== null }}
              />
            ) : action === "memo" ? (
              <MemoForm {...props} />
            ) : action === "assign" ? (
              <AssignForm
                {...props}
                current={
                  detail.basic.assigneeId === null
                    ? null
                    : { operatorId: detail.basic.assigneeId, operatorName: detail.basic.assigneeName ?? "" }
                }
              />
            ) : (
              <LabelForm {...props} currentLabelIds={detail.basic.labelIds} />
            )}
          </Dialog.Content>
        </Theme>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
