import { Box, Button, Card, Flex, Heading, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ALLOWED_IP_KINDS, type AllowedIpKind } from "../../../../contract/allowedIp.ts";
import { translateKey } from "../../../i18n/i18n.ts";
import { useScreenActions } from "../../../session/useScreenActions.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { Loading } from "../../../ui/Loading.tsx";
import { StatusRegion } from "../../../ui/StatusRegion.tsx";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { TextInputField } from "../../../ui/TextInputField.tsx";
import { allowedIpActions } from "../adminActions.ts";
import { AllowedIpEditActor, AllowedIpEditProvider } from "./AllowedIpEditActor.tsx";
import { useAllowedIpEditView } from "./useAllowedIpEditView.ts";

/**
 * Allowed IP address (spec section 2): the admin panel's (console's) list and the API's, rows of
 * address and subnet; add and delete rows, Update saves one list after what it would refuse of the
 * recent sign-ins is shown and Yes/No, Cancel/Revert shows the saved list again. An empty list
 * allows every address. Readers see the lists without the controls.
 */
export function AllowedIpAddressScreen() {
  const { t } = useTranslation("allowedIp");
  usePageTitle(t("heading"));
  return (
    <AllowedIpEditProvider>
      <AllowedIpAddress />
    </AllowedIpEditProvider>
  );
}

function AllowedIpAddress() {
  const { t } = useTranslation("allowedIp");
  const edit = AllowedIpEditActor.useActorRef();
  const { loading, loadFailed, yourAddress, busy } = useAllowedIpEditView();
  const { writable } = useScreenActions(allowedIpActions);
  return (
    <Card size="4" aria-busy={busy}>
      <Heading as="h1" size="6" mb="2">
        {t("heading")}
      </Heading>
      <Text as="p" color="gray">
        {t("intro")}
      </Text>
      <Text as="p" mb="4" weight="medium">
        {t("emptyAllowsAll")}
      </Text>
      {loading ? <Loading /> : null}
      {loadFailed ? (
        <Flex direction="column" gap="3" align="start">
          <FormMessage tone="error">{t("loadFailed")}</FormMessage>
          <Button type="button" onClick={() => edit.send({ type: "step.retry" })}>
            {t("retry")}
          </Button>
        </Flex>
      ) : null}
      {!loading && !loadFailed ? (
        <Flex direction="column" gap="6">
          {yourAddress ? (
            <Text as="p" size="2">
              {t("yourAddress", { address: yourAddress })}
            </Text>
          ) : null}
          {ALLOWED_IP_KINDS.map((kind) => (
            <IpList key={kind} kind={kind} writable={writable} />
          ))}
        </Flex>
      ) : null}
    </Card>
  );
}

function IpList({ kind, writable }: { kind: AllowedIpKind; writable: boolean }) {
  const { t } = useTranslation("allowedIp");
  const edit = AllowedIpEditActor.useActorRef();
  const view = useAllowedIpEditView();
  const rows = view.draft[kind];
  const kindName = t(`kinds.${kind}`);
  const headingId = `allowed-ip-${kind}-heading`;
  const mine = view.kind === kind;
  return (
    <Box asChild>
      <section aria-labelledby={headingId}>
        <Heading as="h2" size="4" mb="2" id={headingId}>
          {kindName}
        </Heading>
        <Table.Root variant="surface" size="1">
          <VisuallyHidden asChild>
            <caption>{t("caption", { kind: kindName })}</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell scope="col">{t("columns.address")}</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell scope="col">{t("columns.subnet")}</Table.ColumnHeaderCell>
              {writable ? (
                <Table.ColumnHeaderCell scope="col">{t("columns.actions")}</Table.ColumnHeaderCell>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={writable ? 3 : 2}>{t("empty")}</Table.Cell>
              </Table.Row>
            ) : null}
            {rows.map((row, index) => (
              <Table.Row key={`${row.address}/${row.subnet}`}>
                <Table.RowHeaderCell>{row.address}</Table.RowHeaderCell>
                <Table.Cell>{row.subnet}</Table.Cell>
                {writable ? (
                  <Table.Cell>
                    <BusyButton
                      size="1"
                      variant="soft"
                      color="red"
                      unavailable={!view.controls}
                      aria-label={t("deleteRow", { address: row.address, subnet: row.subnet })}
                      onClick={() => edit.send({ type: "row.delete", kind, index })}
                    >
                      {t("delete")}
                    </BusyButton>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {writable ? <AddRow kind={kind} /> : null}
        <StatusRegion testId={`allowed-ip-${kind}-status`}>
          {mine && view.preview ? <Preview /> : null}
          {view.changed[kind] ? (
            <Text as="p" size="2" mt="2" color="amber">
              {t("unsaved")}
            </Text>
          ) : null}
        </StatusRegion>
        {mine && view.errors.length > 0 ? (
          <Box mt="3">
            <FormMessage tone="error">
              {view.saveFailed ? t("saveFailed") : view.errors.map(shownErrorText).join("\n")}
            </FormMessage>
          </Box>
        ) : null}
        {writable ? (
          <Flex gap="2" mt="3">
            {mine && view.saveFailed ? (
              <>
                <Button type="button" onClick={() => edit.send({ type: "step.retry" })}>
                  {t("retry")}
                </Button>
                <Button type="button" variant="soft" onClick={() => edit.send({ type: "step.cancel" })}>
                  {t("back")}
                </Button>
              </>
            ) : (
              <>
                <BusyButton
                  busy={mine && view.saving}
                  unavailable={!view.controls}
                  aria-label={`${t("update")} (${kindName})`}
                  onClick={() => edit.send({ type: "list.update", kind })}
                >
                  {t("update")}
                </BusyButton>
                <BusyButton
                  variant="soft"
                  color="gray"
                  unavailable={!view.controls}
                  aria-label={`${t("revert")} (${kindName})`}
                  onClick={() => edit.send({ type: "list.revert", kind })}
                >
                  {t("revert")}
                </BusyButton>
              </>
            )}
          </Flex>
        ) : null}
      </section>
    </Box>
  );
}

/** An address and subnet typed for the list; added once the contract's rules accept them. */
function AddRow({ kind }: { kind: AllowedIpKind }) {
  const { t } = useTranslation("allowedIp");
  const edit = AllowedIpEditActor.useActorRef();
  const { rowProblems, controls } = useAllowedIpEditView();
  const [address, setAddress] = useState("");
  const [subnet, setSubnet] = useState("");
  const problems = rowProblems[kind];
  const textOf = (field: string) =>
    problems
      .filter((problem) => problem.field === field)
      .map((problem) => translateKey(`messages:validation.${problem.key}`, problem.params))
      .join(" ");
  const listProblem = textOf("list");
  return (
    <form
      aria-label={`${t("add")} (${t(`kinds.${kind}`)})`}
      onSubmit={(event) => {
        event.preventDefault();
        edit.send({ type: "row.add", kind, address, subnet });
        if (edit.getSnapshot().context.rowProblems[kind].length === 0) {
          setAddress("");
          setSubnet("");
        }
      }}
    >
      <Flex gap="3" align="start" mt="3" wrap="wrap">
        <TextInputField
          id={`allowed-ip-${kind}-address`}
          label={t("address")}
          value={address}
          error={textOf("address") || undefined}
          disabled={!controls}
          onChange={setAddress}
        />
        <TextInputField
          id={`allowed-ip-${kind}-subnet`}
          label={t("subnet")}
          hint={t("subnetHint")}
          value={subnet}
          error={textOf("subnet") || undefined}
          disabled={!controls}
          onChange={setSubnet}
        />
        <Box pt="5">
          <BusyButton type="submit" variant="soft" unavailable={!controls}>
            {t("add")}
          </BusyButton>
        </Box>
      </Flex>
      {listProblem ? <FormMessage tone="error">{listProblem}</FormMessage> : null}
    </form>
  );
}

/** What the edited list would refuse of the last days' sign-ins (console) or API calls (API), by source address. */
function Preview() {
  const { t } = useTranslation("allowedIp");
  const { preview, kind } = useAllowedIpEditView();
  if (!preview) return null;
  const api = kind === "api";
  const sources = api ? preview.refusedApiCallSources : preview.refusedSignInSources;
  const summary = api
    ? preview.refusedApiCalls === null
      ? t("previewApiUnknown")
      : t("previewApiCalls", { count: preview.refusedApiCalls, days: preview.days })
    : t("previewSignIns", { count: preview.refusedSignIns, days: preview.days });
  return (
    <Box mt="3" data-testid={`allowed-ip-${kind}-preview`}>
      <Text as="p" size="2" weight="bold">
        {t("previewHeading")}
      </Text>
      <Text as="p" size="2">
        {summary}
      </Text>
      {sources.length > 0 ? (
        <ul>
          {sources.map((source) => (
            <li key={source.address}>
              <Text size="2">{t("previewSource", { address: source.address, count: source.count })}</Text>
            </li>
          ))}
        </ul>
      ) : null}
    </Box>
  );
}
