/** The operator screens, one chunk for the four (screenRegistry.ts loads it with the admin texts). */
export { OperatorDetailScreen } from "./OperatorDetailScreen.tsx";
export { OperatorAddScreen, OperatorEditScreen } from "./OperatorFormScreen.tsx";
export { OperatorListScreen } from "./OperatorListScreen.tsx";
