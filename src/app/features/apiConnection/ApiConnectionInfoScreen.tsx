import { Box, Button, Card, Code, DataList, Flex, Heading, Link, Text } from "@radix-ui/themes";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { PERMISSION } from "../../../contract/codes.ts";
import { SCREEN_TRANSACTION_PATH, SCREENING_OPENAPI_PATH } from "../../../contract/screeningPaths.ts";
import { MenuPermissionsActor } from "../../actors/MenuPermissionsActor.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { BusyButton } from "../../ui/BusyButton.tsx";
import { FormMessage } from "../../ui/FormMessage.tsx";
import { Loading } from "../../ui/Loading.tsx";
import { StatusRegion } from "../../ui/StatusRegion.tsx";
import { ApiConnectionActor, ApiConnectionProvider } from "./ApiConnectionActor.tsx";
import { useApiConnectionView } from "./useApiConnectionView.ts";

/**
 * API connection information (spec section 2): company ID, application ID, the secret key masked,
 * and the screening model, with what the shop's developers need beside them: the screening API's URL
 * on this server and its OpenAPI document. Operators who may write ApiConnectionInfo can show, copy
 * (without showing it, too) and reissue the key; everyone else sees no such control (the server
 * refuses those calls to them anyway).
 */
export function ApiConnectionInfoScreen() {
  const { t } = useTranslation("apiConnection");
  usePageTitle(t("heading"));
  return (
    <ApiConnectionProvider>
      <ConnectionInfo />
    </ApiConnectionProvider>
  );
}

function ConnectionInfo() {
  const { t } = useTranslation("apiConnection");
  const connection = ApiConnectionActor.useActorRef();
  const { info, failed, loading, busy } = useApiConnectionView();
  const writable = MenuPermissionsActor.useSelector(
    (snapshot) => snapshot.context.permissions.ApiConnectionInfo === PERMISSION.writable,
  );

  useEffect(() => connection.send({ type: "connection.load" }), [connection]);

  return (
    <Card size="4" aria-busy={loading || busy}>
      <Heading as="h1" size="6" mb="2">
        {t("heading")}
      </Heading>
      <Text as="p" mb="4" color="gray">
        {t("intro")}
      </Text>
      {loading ? <Loading /> : null}
      {failed ? (
        <Flex direction="column" gap="3" align="start">
          <FormMessage tone="error">{t("loadFailed")}</FormMessage>
          <Button type="button" onClick={() => connection.send({ type: "connection.load" })}>
            {t("reload")}
          </Button>
        </Flex>
      ) : null}
      {info && !failed && !loading ? (
        <DataList.Root orientation={{ initial: "vertical", sm: "horizontal" }} size="3">
          <DataList.Item>
            <DataList.Label minWidth="16rem">{t("companyId")}</DataList.Label>
            <DataList.Value>{info.companyId}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="16rem">{t("applicationId")}</DataList.Label>
            <DataList.Value>
              <Code variant="ghost">{info.applicationId}</Code>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="16rem">{t("secretKey")}</DataList.Label>
            <DataList.Value>
              <SecretKey masked={info.secretKeyMasked} writable={writable} />
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="16rem">{t("screeningModel")}</DataList.Label>
            <DataList.Value>
              {info.screeningModel.modelName} ({info.screeningModel.modelId})
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="16rem">{t("endpoint")}</DataList.Label>
            <DataList.Value>
              <Code variant="ghost">{`${window.location.origin}${SCREEN_TRANSACTION_PATH}`}</Code>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="16rem">{t("reference")}</DataList.Label>
            <DataList.Value>
              <Link href={SCREENING_OPENAPI_PATH} target="_blank" rel="noopener noreferrer">
                {t("openApi")}
              </Link>
            </DataList.Value>
          </DataList.Item>
        </DataList.Root>
      ) : null}
    </Card>
  );
}

/**
 * The key, masked or in clear (a newly issued one with the notice that the old one no longer works),
 * and for writers the Show/Hide, Copy and Reissue controls.
 */
function SecretKey({ masked, writable }: { masked: string; writable: boolean }) {
  const { t } = useTranslation("apiConnection");
  const connection = ApiConnectionActor.useActorRef();
  const {
    secretKey,
    revealed,
    controlsUnavailable: busy,
    revealing,
    copying,
    rotating,
    rotated,
  } = useApiConnectionView();
  const shown = revealed && secretKey !== null;

  return (
    <Flex direction="column" gap="3">
      <Flex direction="column">
        <Code size="3" variant="soft" className="secret-key" data-testid="secret-key">
          {shown ? secretKey : masked}
        </Code>
        {/* The confirmation warned before; this says it happened, beside the key that replaces the old one. */}
        <StatusRegion testId="secret-key-status">
          {shown && rotated ? (
            <Box mt="3">
              <FormMessage tone="info" inLiveRegion>
                {t("newKeyNotice")}
              </FormMessage>
            </Box>
          ) : null}
        </StatusRegion>
      </Flex>
      {writable ? (
        // Focusable while a call or the confirmation runs (BusyButton): the focus stays on the button
        // pressed, Show turns into Hide under it, and the confirmation gives it back to Reissue.
        <Flex gap="2" wrap="wrap">
          {shown ? (
            <BusyButton
              variant="soft"
              unavailable={busy}
              onClick={() => connection.send({ type: "secret.hide" })}
            >
              {t("hide")}
            </BusyButton>
          ) : (
            <BusyButton
              variant="soft"
              busy={revealing}
              unavailable={busy}
              onClick={() => connection.send({ type: "secret.reveal" })}
            >
              {t("show")}
            </BusyButton>
          )}
          <BusyButton
            variant="soft"
            busy={copying}
            unavailable={busy}
            onClick={() => connection.send({ type: "secret.copy" })}
          >
            {t("copy")}
          </BusyButton>
          <BusyButton
            color="red"
            variant="soft"
            busy={rotating}
            unavailable={busy}
            onClick={() => connection.send({ type: "rotate.request" })}
          >
            {t("rotate")}
          </BusyButton>
        </Flex>
      ) : null}
    </Flex>
  );
}
