import { type FormEvent, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { passwordChangeRequest } from "../../../contract/auth.ts";
import type { ErrorItem } from "../../../contract/envelope.ts";
import { PUBLIC_PATHS } from "../../../contract/screens.ts";
import {
  CallProgressActor,
  CallProgressProvider,
  useCallProgressView,
} from "../../actors/CallProgressActor.tsx";
import { NotificationsActor } from "../../actors/NotificationsActor.tsx";
import { appUrl, navigateTo } from "../../navigation.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AccountFields } from "../../ui/AccountFields.tsx";
import { AuthCard } from "../../ui/AuthCard.tsx";
import { AuthForm } from "../../ui/AuthForm.tsx";
import { serverFieldErrors, validateForm } from "../../ui/fieldErrors.ts";
import { useFormFields } from "../../ui/useFormFields.ts";

const EMPTY = { companyId: "", email: "" };
const NO_ERRORS: ErrorItem[] = [];

/** Password change request (spec section 2): sends the change URL by e-mail, then back to login with 007. */
export function PasswordChangeRequestScreen() {
  const { t } = useTranslation("password");
  usePageTitle(t("requestHeading"));
  return (
    // A call that fails outright (the network) says 697 in the form, which keeps what was typed.
    <CallProgressProvider
      spec={passwordChangeRequest}
      handling={{ manual: true, suppressMessages: true, reportUnexpected: true }}
    >
      <RequestForm />
    </CallProgressProvider>
  );
}

function RequestForm() {
  const { t } = useTranslation("password");
  const { t: message } = useTranslation("messages");
  const call = CallProgressActor.useActorRef();
  const progress = useCallProgressView();
  const { busy, accepted: sent } = progress;
  const errors = progress.refused ? progress.errors : NO_ERRORS;
  const notifications = NotificationsActor.useActorRef();
  const { form, values, clientErrors, rejected, set, reject, accept } = useFormFields(EMPTY);
  const serverErrors = rejected ? NO_ERRORS : errors;

  useEffect(() => {
    if (!sent) return;
    notifications.send({ type: "notify.queue", colour: "success", text: message("no.007") });
    navigateTo(PUBLIC_PATHS.login);
  }, [sent, notifications, message]);

  const fieldMessages = { ...serverFieldErrors(serverErrors), ...clientErrors };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(passwordChangeRequest.request, values);
    if (!checked.ok) return reject(checked.errors);
    accept();
    call.send({ type: "call.start", input: checked.data });
  };

  return (
    <AuthCard heading={t("requestHeading")} intro={t("requestIntro")}>
      <AuthForm
        form={form}
        onSubmit={submit}
        messages={serverErrors.filter((error) => !error.field)}
        submitLabel={t("send")}
        submitDisabled={busy || sent}
        refusalFocus="companyId"
        link={{ href: appUrl(PUBLIC_PATHS.login), label: t("returnToLogin") }}
      >
        <AccountFields
          labels={{ companyId: t("companyId"), email: t("email") }}
          values={values}
          set={set}
          errors={fieldMessages}
        />
      </AuthForm>
    </AuthCard>
  );
}
