import { readLastEnvironment } from "../../client/session.ts";
import type { ContractDiv } from "../../contract/codes.ts";
import { AuthActor } from "../actors/AuthActor.tsx";
import { pageSettings } from "../pageSettings.ts";

/** The signed-in operator's contract division; null while signed out. */
export const useContractDiv = (): ContractDiv | null =>
  AuthActor.useSelector((snapshot) => snapshot.context.loginInfo?.loginOperator?.contractDiv ?? null);

/**
 * The environment for the header colour and the TST marker: the login answer's once signed in, else
 * the one the server wrote into index.html, else (a page without it, e.g. the Vite dev server) the
 * last login's in this browser.
 */
export function useEnvironment(): string {
  const environment = AuthActor.useSelector((snapshot) => snapshot.context.loginInfo?.environment ?? null);
  return environment ?? pageSettings().environment ?? readLastEnvironment() ?? "";
}
