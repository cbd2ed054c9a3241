import { Button, Flex, Link, Text } from "@radix-ui/themes";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { passwordChange, passwordChangeCheck } from "../../../contract/auth.ts";
import type { ErrorItem } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import { PUBLIC_PATHS } from "../../../contract/screens.ts";
import { issue, passwordField } from "../../../contract/validation.ts";
import {
  CallProgressActor,
  CallProgressProvider,
  callResult,
  useCallProgressView,
} from "../../actors/CallProgressActor.tsx";
import { NotificationsActor } from "../../actors/NotificationsActor.tsx";
import { formatDateTime } from "../../i18n/format.ts";
import { appUrl, navigateTo } from "../../navigation.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { AuthCard } from "../../ui/AuthCard.tsx";
import { AuthForm } from "../../ui/AuthForm.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { type FieldErrors, serverFieldErrors, validateForm } from "../../ui/fieldErrors.ts";
import { Loading } from "../../ui/Loading.tsx";
import { TextInputField } from "../../ui/TextInputField.tsx";
import { useFormFields } from "../../ui/useFormFields.ts";

const NO_ERRORS: ErrorItem[] = [];
const PASSWORD_SYMBOLS = "@ % + / \\ ' ! # $ ^ ? : . ( ) { } [ ] ~ _ -";

const formSchema = z.object({
  password: passwordField,
  passwordConfirmation: z.string().min(1, issue("required")),
});

/** Why the URL cannot be used: 910 invalid, 919 expired (spec section 8). */
type Refusal = "910" | "919";

/**
 * Password change (spec section 2), opened from the e-mailed URL with ?token=. The token is checked on
 * entry; the page shows its expiry and refuses with 919 once it has passed. Success queues 006 and
 * returns to login.
 */
export function PasswordChangeScreen({ token }: { token: string }) {
  const { t } = useTranslation("password");
  usePageTitle(t("changeHeading"));
  return (
    <AuthCard heading={t("changeHeading")}>
      {token === "" ? (
        <UnusableUrl refusal="910" />
      ) : (
        <CallProgressProvider spec={passwordChangeCheck} handling={{ manual: true, reportUnexpected: true }}>
          <TokenCheck token={token} />
        </CallProgressProvider>
      )}
    </AuthCard>
  );
}

function TokenCheck({ token }: { token: string }) {
  const { t } = useTranslation("password");
  const check = CallProgressActor.useActorRef();
  const progress = useCallProgressView();
  const validity = progress.accepted ? callResult(passwordChangeCheck, progress.result) : null;
  const errors = progress.refused ? progress.errors : null;

  const start = useCallback(() => check.send({ type: "call.start", input: { token } }), [check, token]);
  useEffect(start, [start]);

  // Not a refusal: the URL went unchecked (the network), so it may well be fine.
  if (errors?.some((error) => error.code === ERROR.internalFailure)) return <CheckFailed onReload={start} />;
  if (errors) return <UnusableUrl refusal={refusalOf(errors)} />;
  if (validity === null) return <Loading label={t("checking")} heading />;
  return (
    // A change that fails outright (the network) says 697 in the form, which keeps what was typed.
    <CallProgressProvider
      spec={passwordChange}
      handling={{ manual: true, suppressMessages: true, reportUnexpected: true }}
    >
      <ChangeForm token={token} expiresAt={validity.expiresAt} remainingMs={validity.remainingMs} />
    </CallProgressProvider>
  );
}

const refusalOf = (errors: readonly ErrorItem[]): Refusal =>
  errors.some((error) => error.code === ERROR.resetTokenExpired) ? "919" : "910";

/**
 * True once the `remainingMs` the server counted when it checked the URL have passed here; flips by
 * itself at that moment. Counted from now rather than compared with the browser's clock, which may
 * run fast or slow by more than the link's lifetime.
 */
function useExpired(remainingMs: number): boolean {
  const [deadline] = useState(() => Date.now() + remainingMs);
  const [expired, setExpired] = useState(() => !(deadline > Date.now()));
  useEffect(() => {
    if (expired) return;
    const timer = setTimeout(() => setExpired(true), deadline - Date.now());
    return () => clearTimeout(timer);
  }, [deadline, expired]);
  return expired;
}

function ChangeForm({
  token,
  expiresAt,
  remainingMs,
}: {
  token: string;
  expiresAt: string;
  remainingMs: number;
}) {
  const { t } = useTranslation("password");
  const { t: message } = useTranslation("messages");
  const call = CallProgressActor.useActorRef();
  const progress = useCallProgressView();
  const { busy, accepted: changed } = progress;
  const errors = progress.refused ? progress.errors : NO_ERRORS;
  const notifications = NotificationsActor.useActorRef();
  const expired = useExpired(remainingMs);
  const { form, values, clientErrors, rejected, set, reject, accept } = useFormFields({
    password: "",
    passwordConfirmation: "",
  });
  const serverErrors = rejected ? NO_ERRORS : errors;

  useEffect(() => {
    if (!changed) return;
    notifications.send({ type: "notify.queue", colour: "success", text: message("no.006") });
    navigateTo(PUBLIC_PATHS.login);
  }, [changed, notifications, message]);

  const tokenRefused = errors.find(
    (error) => error.code === ERROR.resetTokenExpired || error.code === ERROR.resetTokenInvalid,
  );
  if (expired || tokenRefused)
    return <UnusableUrl refusal={tokenRefused ? refusalOf([tokenRefused]) : "919"} />;

  const mismatch = serverErrors.some((error) => error.code === ERROR.passwordMismatch)
    ? message("no.920")
    : undefined;
  const fieldMessages: FieldErrors = {
    ...serverFieldErrors(serverErrors),
    ...(mismatch ? { passwordConfirmation: mismatch } : {}),
    ...clientErrors,
  };
  const formMessages = serverErrors.filter((error) => !error.field && error.code !== ERROR.passwordMismatch);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(formSchema, values);
    const errorsFound: FieldErrors = checked.ok ? {} : checked.errors;
    if (!errorsFound.passwordConfirmation && values.passwordConfirmation !== values.password)
      errorsFound.passwordConfirmation = message("no.920");
    if (Object.keys(errorsFound).length > 0) return reject(errorsFound);
    accept();
    call.send({ type: "call.start", input: { token, ...values } });
  };

  return (
    <>
      <Text as="p" mb="4">
        {t("expiresAt", { time: formatDateTime(expiresAt) })}
      </Text>
      <AuthForm
        form={form}
        onSubmit={submit}
        messages={formMessages}
        submitLabel={t("change")}
        submitDisabled={busy || changed}
        refusalFocus="password"
        link={{ href: appUrl(PUBLIC_PATHS.login), label: t("returnToLogin") }}
      >
        <TextInputField
          id="password"
          label={t("newPassword")}
          type="password"
          value={values.password}
          onChange={set("password")}
          error={fieldMessages.password}
          hint={t("rule", { symbols: PASSWORD_SYMBOLS })}
          autoComplete="new-password"
        />
        <TextInputField
          id="passwordConfirmation"
          label={t("newPasswordConfirmation")}
          type="password"
          value={values.passwordConfirmation}
          onChange={set("passwordConfirmation")}
          error={fieldMessages.passwordConfirmation}
          autoComplete="new-password"
        />
      </AuthForm>
    </>
  );
}

/** 697 when the URL could not be checked: check it again, or return to login. */
function CheckFailed({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation("password");
  const { t: message } = useTranslation("messages");
  return (
    <Flex direction="column" gap="4" align="start">
      <FormMessage tone="error">{message("no.697")}</FormMessage>
      <Button type="button" onClick={onReload}>
        {t("reload")}
      </Button>
      <Link href={appUrl(PUBLIC_PATHS.login)}>{t("returnToLogin")}</Link>
    </Flex>
  );
}

/** 910 or 919 with the way forward: request a new URL, or return to login. */
function UnusableUrl({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation("password");
  const { t: message } = useTranslation("messages");
  return (
    <Flex direction="column" gap="4">
      <FormMessage tone="error">{message(`no.${refusal}`)}</FormMessage>
      <Link href={appUrl(PUBLIC_PATHS.passwordChangeRequest)}>{t("requestAgain")}</Link>
      <Link href={appUrl(PUBLIC_PATHS.login)}>{t("returnToLogin")}</Link>
    </Flex>
  );
}
