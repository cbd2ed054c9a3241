import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { login } from "../../../contract/auth.ts";
import { AuthActor } from "../../actors/AuthActor.tsx";
import { appUrl } from "../../navigation.ts";
import { passLoginNotice, readLoginNotice } from "../../session/loginNotice.ts";
import { useLanding } from "../../session/useLanding.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AccountFields } from "../../ui/AccountFields.tsx";
import { AuthCard } from "../../ui/AuthCard.tsx";
import { AuthForm } from "../../ui/AuthForm.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { serverFieldErrors, validateForm } from "../../ui/fieldErrors.ts";
import { Loading } from "../../ui/Loading.tsx";
import { TextInputField } from "../../ui/TextInputField.tsx";
import { useFormFields } from "../../ui/useFormFields.ts";

const EMPTY = { companyId: "", email: "", password: "" };

/** Login (spec section 2): company ID, e-mail address and password; 903 when they do not match. */
export function LoginScreen() {
  const { t } = useTranslation("login");
  usePageTitle(t("heading"));
  useLanding();
  const auth = AuthActor.useActorRef();
  const signedIn = AuthActor.useSelector((snapshot) => snapshot.matches("signedIn"));
  const busy = AuthActor.useSelector((snapshot) => snapshot.hasTag("busy"));
  const refused = AuthActor.useSelector((snapshot) => snapshot.matches({ signedOut: "refused" }));
  const errors = AuthActor.useSelector((snapshot) => snapshot.context.errors);
  const notice = useLoginNotice();
  const { form, values, clientErrors, rejected, set, reject, accept } = useFormFields(EMPTY);

  // A signed-in operator is on the way to their first screen (or out, when there is none).
  if (signedIn) return <Loading heading />;

  const shownErrors = refused && !rejected ? errors : [];
  const fieldMessages = { ...serverFieldErrors(shownErrors), ...clientErrors };
  const formMessages = shownErrors.filter((error) => !error.field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(login.request, values);
    if (!checked.ok) return reject(checked.errors);
    accept();
    auth.send({ type: "login.submit", ...checked.data });
  };

  return (
    <AuthCard heading={t("heading")}>
      {notice === "noScreen" && <FormMessage tone="info">{t("noScreen")}</FormMessage>}
      <AuthForm
        form={form}
        onSubmit={submit}
        messages={formMessages}
        submitLabel={t("submit")}
        submitDisabled={busy}
        refusalFocus="password"
        link={{ href: appUrl("/PasswordChangeRequest"), label: t("forgotPassword") }}
      >
        <AccountFields
          labels={{ companyId: t("companyId"), email: t("email") }}
          values={values}
          set={set}
          errors={fieldMessages}
        />
        <TextInputField
          id="password"
          label={t("password")}
          type="password"
          value={values.password}
          onChange={set("password")}
          error={fieldMessages.password}
          autoComplete="current-password"
        />
      </AuthForm>
    </AuthCard>
  );
}

/** The notice a previous page left for the login screen, removed once read so it shows once. */
function useLoginNotice() {
  const [notice] = useState(readLoginNotice);
  useEffect(() => {
    if (notice) passLoginNotice(null);
  }, [notice]);
  return notice;
}
