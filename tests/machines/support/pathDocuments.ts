import { MACHINES } from "../../../machines/index.ts";
import { walkOf } from "../walks/index.ts";
import { type MachineScenarios, machineScenarios, SCENARIO_CAP, type Scenario } from "./qaScenarios.ts";

type RegisteredMachine = (typeof MACHINES)[number];

/** Where the QA paths live, beside the diagrams, relative to the repository root. */
export const PATHS_DIR = "docs/machines/paths";

export interface PathDocument {
  /** Relative to the repository root. */
  path: string;
  content: string;
}

/** A registered machine's name, or the same without its "Machine" suffix (`manualScreening`). */
export function findMachine(name: string): RegisteredMachine | undefined {
  return MACHINES.find((entry) => entry.name === name || entry.name === `${name}Machine`);
}

export const scenariosOf = (entry: RegisteredMachine): MachineScenarios =>
  machineScenarios(walkOf(entry.name));

const inline = (text: string) => text.replaceAll("\n", " ");
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

function scenarioMarkdown(scenario: Scenario, number: number): string[] {
  const source = scenario.source === "journey" ? "journey of the tests" : "generated";
  return [
    `## ${number}. ${inline(scenario.title)}`,
    "",
    `_${source}_`,
    "",
    ...scenario.steps.map(
      (step, index) =>
        `${index + 1}. ${sentence(inline(step.action))} → ${step.states.map((s) => `\`${s}\``).join(", ")}`,
    ),
    "",
  ];
}

/** One machine's scenarios as Markdown a QA person follows by hand. */
export function pathsMarkdown(entry: RegisteredMachine, { total, scenarios }: MachineScenarios): string {
  const shown =
    total > scenarios.length
      ? `${scenarios.length} of ${total} scenarios are shown (capped at ${SCENARIO_CAP}): the journeys, then one generated path into each state, then other transitions, shortest first.`
      : `All ${total} scenarios are shown: the journeys, then one generated path into each state, then other transitions, shortest first.`;
  return [
    `# ${entry.title} (\`${entry.name}\`): QA paths`,
    "",
    entry.description,
    "",
    "Generated from the machine and the fixtures of its model-based tests by `npm run paths -- --write`",
    `(also run by \`npm run diagrams\`); edit the machine or its walk, not this file. Chart: [${entry.name}.md](../${entry.name}.md).`,
    "",
    "How to read a step: _send_ is the console action that sends the event (a button, a form submit,",
    "opening a URL) with that data; _the call answers_ is what the server must answer for the path",
    "(accepted with the data shown, or refused with those codes); _fails_ is a call that gets no answer",
    "(network down); _wait_ is a timer. After the arrow: the states the screen is in then.",
    "",
    shown,
    "",
    ...scenarios.flatMap((scenario, index) => scenarioMarkdown(scenario, index + 1)),
  ].join("\n");
}

/** The same scenarios as data, for tools. */
export function pathsJson(entry: RegisteredMachine, { total, scenarios }: MachineScenarios) {
  return {
    machine: entry.name,
    title: entry.title,
    total,
    shown: scenarios.length,
    scenarios: scenarios.map((scenario, index) => ({ number: index + 1, ...scenario })),
  };
}

/** One Markdown page of QA paths per registered machine. */
export const pathDocuments = (): PathDocument[] =>
  MACHINES.map((entry) => ({
    path: `${PATHS_DIR}/${entry.name}.md`,
    content: pathsMarkdown(entry, scenariosOf(entry)),
  }));
