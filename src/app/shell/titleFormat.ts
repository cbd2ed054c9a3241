import { CONTRACT_DIV, type ContractDiv } from "../../contract/codes.ts";

/**
 * Which of the three page-title formats of spec section 1 applies (docs/architecture.md, decisions):
 * the checker title for a checker contract (division 20), the product title for a standard
 * contract, and the default fraud-screening system title while no contract is known (signed out).
 */
export type TitleFormat = "default" | "product" | "checker";

export function titleFormat(contractDiv: ContractDiv | null): TitleFormat {
  if (contractDiv === CONTRACT_DIV.checker) return "checker";
  if (contractDiv === CONTRACT_DIV.standard) return "product";
  return "default";
}
