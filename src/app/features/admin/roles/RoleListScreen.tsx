import { Box, Button, Card, Flex, Heading, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { PERMISSION, PERMISSIONS, type Permission } from "../../../../contract/codes.ts";
import type { Role } from "../../../../contract/roles.ts";
import { SCREEN_IDS, type ScreenId } from "../../../../contract/screens.ts";
import { translateKey } from "../../../i18n/i18n.ts";
import { useScreenActions } from "../../../session/useScreenActions.ts";
import { usePageTitle } from "../../../shell/usePageTitle.ts";
import { BusyButton } from "../../../ui/BusyButton.tsx";
import { FormMessage } from "../../../ui/FormMessage.tsx";
import { keyboardScrollable } from "../../../ui/keyboardScrollable.ts";
import { Loading } from "../../../ui/Loading.tsx";
import { shownErrorText } from "../../../ui/shownErrorText.ts";
import { TextInputField } from "../../../ui/TextInputField.tsx";
import { roleActions } from "../adminActions.ts";
import { RoleEditorActor, RoleEditorProvider } from "./RoleEditorActor.tsx";
import { useRoleEditorView } from "./useRoleEditorView.ts";

/**
 * Role list (spec section 2): role ID, role name and, for every screen and event dialog of the
 * catalogue, its function as Allowed or Not Allowed. Beyond the spec, operators who may write the
 * screen create a role, and edit or delete a custom one (each screen writable, readable or not
 * available); the server's refusals (role in use, last administrator) are shown in its words.
 */
export function RoleListScreen() {
  const { t } = useTranslation("roles");
  usePageTitle(t("heading"));
  return (
    <RoleEditorProvider>
      <RoleList />
    </RoleEditorProvider>
  );
}

const permissionLabel = (permission: Permission) =>
  permission === PERMISSION.writable
    ? "allowedWritable"
    : permission === PERMISSION.readable
      ? "allowedReadable"
      : "notAllowed";

function RoleList() {
  const { t } = useTranslation("roles");
  const editor = RoleEditorActor.useActorRef();
  const { loading, loadFailed, errors, draft, busy } = useRoleEditorView();
  const { writable } = useScreenActions(roleActions);

  return (
    <Card size="4" aria-busy={busy}>
      <Heading as="h1" size="6" mb="2">
        {t("heading")}
      </Heading>
      <Text as="p" mb="4" color="gray">
        {t("intro")}
      </Text>
      {loading ? <Loading /> : null}
      {loadFailed ? (
        <Flex direction="column" gap="3" align="start">
          <FormMessage tone="error">{t("loadFailed")}</FormMessage>
          <Button type="button" onClick={() => editor.send({ type: "step.retry" })}>
            {t("reload")}
          </Button>
        </Flex>
      ) : null}
      {errors.length > 0 && !draft && !loadFailed ? (
        <Box mb="3">
          <FormMessage tone="error">{errors.map(shownErrorText).join("\n")}</FormMessage>
        </Box>
      ) : null}
      {draft ? <RoleForm /> : null}
      <RolesTable writable={writable && !draft} />
      <PermissionsTable />
    </Card>
  );
}

function RolesTable({ writable }: { writable: boolean }) {
  const { t } = useTranslation("roles");
  const editor = RoleEditorActor.useActorRef();
  const { roles, listControls } = useRoleEditorView();
  if (roles.length === 0) return null;
  return (
    <Flex direction="column" gap="3" mb="5">
      {writable ? (
        <Box>
          <BusyButton unavailable={!listControls} onClick={() => editor.send({ type: "role.create" })}>
            {t("create")}
          </BusyButton>
        </Box>
      ) : null}
      <Table.Root variant="surface" size="1">
        <VisuallyHidden asChild>
          <caption>{t("rolesCaption")}</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell scope="col">{t("columns.roleId")}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col">{t("columns.roleName")}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col">{t("columns.kind")}</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell scope="col">{t("columns.operators")}</Table.ColumnHeaderCell>
            {writable ? (
              <Table.ColumnHeaderCell scope="col">{t("columns.actions")}</Table.ColumnHeaderCell>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {roles.map((role) => (
            <Table.Row key={role.roleId}>
              <Table.RowHeaderCell>{role.roleId}</Table.RowHeaderCell>
              <Table.Cell>{role.name}</Table.Cell>
              <Table.Cell>{role.standard ? t("standard") : t("custom")}</Table.Cell>
              <Table.Cell>{role.operatorCount}</Table.Cell>
              {writable ? (
                <Table.Cell>
                  {role.standard ? null : <RoleActions role={role} available={listControls} />}
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Flex>
  );
}

function RoleActions({ role, available }: { role: Role; available: boolean }) {
  const { t } = useTranslation("roles");
  const editor = RoleEditorActor.useActorRef();
  return (
    <Flex gap="2">
      <BusyButton
        size="1"
        variant="soft"
        unavailable={!available}
        aria-label={t("editRole", { name: role.name })}
        onClick={() => editor.send({ type: "role.edit", roleId: role.roleId })}
      >
        {t("edit")}
      </BusyButton>
      <BusyButton
        size="1"
        variant="soft"
        color="red"
        unavailable={!available}
        aria-label={t("deleteRole", { name: role.name })}
        onClick={() => editor.send({ type: "role.delete", roleId: role.roleId })}
      >
        {t("delete")}
      </BusyButton>
    </Flex>
  );
}

/** Every screen of the catalogue against every role: Allowed (write or read) or Not Allowed. */
function PermissionsTable() {
  const { t } = useTranslation("roles");
  const { roles } = useRoleEditorView();
  if (roles.length === 0) return null;
  const byRole = new Map(
    roles.map((role) => [role.roleId, new Map(role.permissions.map((p) => [p.screenId, p.permission]))]),
  );
  return (
    <Box>
      <Heading as="h2" size="4" mb="2">
        {t("permissionsCaption")}
      </Heading>
      <Table.Root ref={keyboardScrollable} variant="surface" size="1">
        <VisuallyHidden asChild>
          <caption>{t("permissionsCaption")}</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell scope="col">{t("columns.function")}</Table.ColumnHeaderCell>
            {roles.map((role) => (
              <Table.ColumnHeaderCell key={role.roleId} scope="col">
                {role.name}
              </Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {SCREEN_IDS.map((screenId) => (
            <Table.Row key={screenId}>
              <Table.RowHeaderCell>{t(`screens.${screenId}`)}</Table.RowHeaderCell>
              {roles.map((role) => (
                <Table.Cell key={role.roleId}>
                  {t(permissionLabel(byRole.get(role.roleId)?.get(screenId) ?? PERMISSION.none))}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

const selectStyle = {
  height: "var(--space-6)",
  padding: "0 var(--space-2)",
  border: "1px solid var(--gray-a7)",
  borderRadius: "var(--radius-2)",
  background: "var(--color-surface)",
  color: "var(--gray-12)",
  font: "inherit",
} as const;

/** A new role's or a custom role's name and each screen's function, saved after Yes/No. */
function RoleForm() {
  const { t } = useTranslation("roles");
  const editor = RoleEditorActor.useActorRef();
  const { draft, nameProblems, errors, saving, saveFailed, formControls } = useRoleEditorView();
  if (!draft) return null;
  const nameError = nameProblems
    .map((problem) => translateKey(`messages:validation.${problem.key}`, problem.params))
    .join(" ");
  return (
    <Box asChild mb="5">
      <section aria-labelledby="role-form-heading">
        <Heading as="h2" size="4" mb="3" id="role-form-heading">
          {draft.roleId === null ? t("newHeading") : t("editHeading", { roleId: draft.roleId })}
        </Heading>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            editor.send({ type: "draft.save" });
          }}
        >
          <Flex direction="column" gap="3">
            <TextInputField
              id="role-name"
              label={t("name")}
              value={draft.name}
              error={nameError || undefined}
              disabled={!formControls}
              onChange={(name) => editor.send({ type: "draft.name", name })}
            />
            <Table.Root ref={keyboardScrollable} variant="surface" size="1">
              <caption className="role-form-caption">{t("permissionsLegend")}</caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell scope="col">{t("screenColumn")}</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell scope="col">{t("levelColumn")}</Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {SCREEN_IDS.map((screenId) => (
                  <PermissionRow key={screenId} screenId={screenId} value={draft.permissions[screenId]} />
                ))}
              </Table.Body>
            </Table.Root>
            {errors.length > 0 ? (
              <FormMessage tone="error">
                {saveFailed ? t("saveFailed") : errors.map(shownErrorText).join("\n")}
              </FormMessage>
            ) : null}
            <Flex gap="2">
              {saveFailed ? (
                <>
                  <Button type="button" onClick={() => editor.send({ type: "step.retry" })}>
                    {t("retry")}
                  </Button>
                  <Button type="button" variant="soft" onClick={() => editor.send({ type: "step.cancel" })}>
                    {t("cancel")}
                  </Button>
                </>
              ) : (
                <>
                  <BusyButton type="submit" busy={saving} unavailable={!formControls}>
                    {t("save")}
                  </BusyButton>
                  <BusyButton
                    type="button"
                    variant="soft"
                    color="gray"
                    unavailable={!formControls}
                    onClick={() => editor.send({ type: "draft.cancel" })}
                  >
                    {t("cancel")}
                  </BusyButton>
                </>
              )}
            </Flex>
          </Flex>
        </form>
      </section>
    </Box>
  );
}

function PermissionRow({ screenId, value }: { screenId: ScreenId; value: Permission }) {
  const { t } = useTranslation("roles");
  const editor = RoleEditorActor.useActorRef();
  const { formControls } = useRoleEditorView();
  const id = `role-permission-${screenId}`;
  return (
    <Table.Row>
      <Table.RowHeaderCell>
        <label htmlFor={id}>{t(`screens.${screenId}`)}</label>
      </Table.RowHeaderCell>
      <Table.Cell>
        <select
          id={id}
          style={selectStyle}
          value={value}
          disabled={!formControls}
          onChange={(event) =>
            editor.send({
              type: "draft.permission",
              screenId,
              permission: PERMISSIONS.find((p) => p === event.target.value) ?? PERMISSION.none,
            })
          }
        >
          {PERMISSIONS.map((permission) => (
            <option key={permission} value={permission}>
              {t(`levels.${permission}`)}
            </option>
          ))}
        </select>
      </Table.Cell>
    </Table.Row>
  );
}
