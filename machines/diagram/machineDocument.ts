import { MACHINES } from "../index.ts";
import { toMermaid } from "./toMermaid.ts";

/** Where the exported diagrams live, relative to the repository root. */
export const DIAGRAM_DIR = "docs/machines";

export interface DiagramDocument {
  /** Relative to the repository root. */
  path: string;
  content: string;
}

/** One Markdown page per registered machine: title, what it is for, its chart. */
export const machineDocuments = (): DiagramDocument[] =>
  MACHINES.map(({ name, title, description, machine }) => ({
    path: `${DIAGRAM_DIR}/${name}.md`,
    content: [
      `# ${title} (\`${name}\`)`,
      "",
      description,
      "",
      "Generated from the machine's definition by `npm run diagrams`; edit the machine, not this file.",
      "",
      "```mermaid",
      toMermaid(machine).trimEnd(),
      "```",
      "",
    ].join("\n"),
  }));
