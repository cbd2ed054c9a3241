import { Button, Card, Flex, Heading, Link } from "@radix-ui/themes";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { login } from "../../../contract/auth.ts";
import { ERROR } from "../../../contract/errors.ts";
import { AuthActor } from "../../actors/AuthActor.tsx";
import { appUrl } from "../../navigation.ts";
import { passLoginNotice, readLoginNotice } from "../../session/loginNotice.ts";
import { useLanding } from "../../session/useLanding.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { FormMessage } from "../../ui/FormMessage.tsx";
import {
  type FieldErrors,
  focusFirstInvalid,
  serverFieldErrors,
  validateForm,
} from "../../ui/fieldErrors.ts";
import { Loading } from "../../ui/Loading.tsx";
import { TextInputField } from "../../ui/TextInputField.tsx";

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
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});

  // A signed-in operator is on the way to their first screen (or out, when there is none).
  if (signedIn) return <Loading heading />;

  const shownErrors = refused ? errors.filter((error) => error.code !== ERROR.internalFailure) : [];
  const fieldMessages = { ...serverFieldErrors(shownErrors), ...clientErrors };
  const formMessages = shownErrors.filter((error) => !error.field);
  const set = (field: keyof typeof EMPTY) => (value: string) => setValues({ ...values, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(login.request, values);
    if (!checked.ok) {
      setClientErrors(checked.errors);
      queueMicrotask(() => focusFirstInvalid(form.current));
      return;
    }
    setClientErrors({});
    auth.send({ type: "login.submit", ...checked.data });
  };

  return (
    <Card size="4" className="form-card">
      <Heading as="h1" size="6" mb="4">
        {t("heading")}
      </Heading>
      {notice === "noScreen" && <FormMessage tone="info">{t("noScreen")}</FormMessage>}
      {formMessages.map((error) => (
        <FormMessage key={error.code} tone="error">
          {error.message}
        </FormMessage>
      ))}
      <form ref={form} onSubmit={submit} noValidate>
        <Flex direction="column" gap="4">
          <TextInputField
            id="companyId"
            label={t("companyId")}
            value={values.companyId}
            onChange={set("companyId")}
            error={fieldMessages.companyId}
            autoComplete="organization"
            maxLength={50}
          />
          <TextInputField
            id="email"
            label={t("email")}
            type="email"
            value={values.email}
            onChange={set("email")}
            error={fieldMessages.email}
            autoComplete="username"
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
          <Button type="submit" size="3" disabled={busy}>
            {t("submit")}
          </Button>
          <Link href={appUrl("/PasswordChangeRequest")}>{t("forgotPassword")}</Link>
        </Flex>
      </form>
    </Card>
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
