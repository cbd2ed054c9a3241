import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { titleFormat } from "./titleFormat.ts";
import { useContractDiv } from "./useContract.ts";

/** document.title in the format of the operator's contract (spec section 1). */
export function usePageTitle(screen: string): void {
  const contractDiv = useContractDiv();
  const { t } = useTranslation();
  const title = t(`title.${titleFormat(contractDiv)}`, { screen });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
