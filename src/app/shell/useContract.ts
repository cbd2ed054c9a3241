import { readLastEnvironment } from "../../client/session.ts";
import type { ContractDiv } from "../../contract/codes.ts";
import { AuthActor } from "../actors/AuthActor.tsx";

/** The signed-in operator's contract division; null while signed out. */
export const useContractDiv = (): ContractDiv | null =>
  AuthActor.useSelector((snapshot) => snapshot.context.loginInfo?.loginOperator?.contractDiv ?? null);

/** The environment of this session, or of the last login when signed out (header colour, TST marker). */
export function useEnvironment(): string {
  const environment = AuthActor.useSelector((snapshot) => snapshot.context.loginInfo?.environment ?? null);
  return environment ?? readLastEnvironment() ?? "";
}
