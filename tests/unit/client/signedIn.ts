import type { KeyValueStorage } from "../../../src/client/browserStorage.ts";
import { clearLoginInfo, writeLoginInfo } from "../../../src/client/session.ts";

/** Stores the login info of an operator as signing in does (the previous one's replaced). */
export function signIn(storage: KeyValueStorage, companyId: string, operatorId: string): void {
  writeLoginInfo(
    {
      loginToken: "token",
      loginOperator: { operatorId, contractDiv: "10", companyId, companyName: companyId, operatorName: "O" },
      environment: "TST",
    },
    storage,
  );
}

/** Removes the login info as signing out does. */
export const signOut = (storage: KeyValueStorage): void => clearLoginInfo(storage);
