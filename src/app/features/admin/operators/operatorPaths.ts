import { SCREENS } from "../../../../contract/screens.ts";

/** The operator screens' paths: detail and edit name the operator by `?operatorId=`. */
export const operatorListPath = SCREENS.OperatorList.path;
export const operatorAddPath = SCREENS.OperatorAdd.path;
export const operatorDetailPath = (operatorId: number) =>
  `${SCREENS.OperatorDetail.path}?operatorId=${operatorId}`;
export const operatorEditPath = (operatorId: number) =>
  `${SCREENS.OperatorEdit.path}?operatorId=${operatorId}`;

/** The operator ID of `?operatorId=`, or null when it is missing or not a whole positive number. */
export function operatorIdOf(search: string): number | null {
  const text = new URLSearchParams(search).get("operatorId")?.trim() ?? "";
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : null;
}
