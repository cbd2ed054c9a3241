import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import {
  CSV_EXPORT_POLL_MS,
  type CsvExportRequest,
  csvExportMachine,
  type ExportStatusOutcome,
  type RequestExportOutcome,
} from "../../../machines/event/csvExportMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import type { CsvJobStatus } from "../../../src/contract/eventExport.ts";
import { settle } from "../support/settle.ts";
import {
  callThrew,
  exportRequest,
  jobDone,
  jobFailed,
  jobRunning,
  requestAccepted,
  requestRefused,
  statusRefused,
} from "../walks/csvExportWalk.ts";

interface Fakes {
  request?: (request: CsvExportRequest) => Promise<RequestExportOutcome>;
  /** Answers of the successive status calls; the last one repeats. */
  statuses?: ExportStatusOutcome[];
}

function startExport(fakes: Fakes = {}) {
  const calls: string[] = [];
  const notified: CsvJobStatus[] = [];
  const clock = new SimulatedClock();
  const statuses = fakes.statuses ?? [jobDone];
  let asked = 0;
  const machine = csvExportMachine.provide({
    actors: {
      requestExport: fromPromise<RequestExportOutcome, CsvExportRequest>(({ input }) => {
        calls.push(`request ${input.options.groups.join("+")}`);
        return (fakes.request ?? (async () => requestAccepted))(input);
      }),
      exportStatus: fromPromise<ExportStatusOutcome, { jobId: string }>(async ({ input }) => {
        calls.push(`status ${input.jobId}`);
        const answer = statuses[Math.min(asked, statuses.length - 1)] as ExportStatusOutcome;
        asked += 1;
        return answer;
      }),
    },
    actions: { notifyReady: (_, params) => notified.push(params.status) },
  });
  return { actor: createActor(machine, { clock }).start(), clock, calls, notified };
}

async function poll(clock: SimulatedClock) {
  clock.increment(CSV_EXPORT_POLL_MS);
  await settle();
}

describe("csvExportMachine", () => {
  it("requests, then polls the job every second until its file is ready, and notifies once", async () => {
    const { actor, clock, calls, notified } = startExport({ statuses: [jobRunning, jobRunning, jobDone] });
    actor.send({ type: "export.request", request: exportRequest });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ accepted: "waiting" });
    expect(actor.getSnapshot().context.jobId).toBe("job-1");
    clock.increment(CSV_EXPORT_POLL_MS - 1);
    await settle();
    expect(calls).toEqual(["request basic+purchaser"]);
    clock.increment(1);
    await settle();
    await poll(clock);
    expect(actor.getSnapshot().value).toEqual({ accepted: "waiting" });
    await poll(clock);
    expect(actor.getSnapshot().value).toBe("ready");
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(calls).toEqual(["request basic+purchaser", "status job-1", "status job-1", "status job-1"]);
    expect(actor.getSnapshot().context.status?.downloadUrl).toBe("/api/v3/download/TOKEN");
    expect(notified).toHaveLength(1);
  });

  it("keeps a refusal (several models) for the operator to correct, and outputs again", async () => {
    let attempt = 0;
    const { actor } = startExport({
      request: async () => {
        attempt += 1;
        return attempt === 1 ? requestRefused : requestAccepted;
      },
    });
    actor.send({ type: "export.request", request: exportRequest });
    await settle();
    expect(actor.getSnapshot().value).toBe("refused");
    expect(actor.getSnapshot().context.failure).toBe("refused");
    expect(actor.getSnapshot().context.errors.map((error) => error.code)).toEqual([ERROR.multipleModels]);
    actor.send({ type: "export.request", request: exportRequest });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ accepted: "waiting" });
    expect(actor.getSnapshot().context.errors).toEqual([]);
  });

  it("ends failed when the job fails, its status is refused (963) or a call throws", async () => {
    for (const [statuses, failure] of [
      [[jobFailed], "jobFailed"],
      [[statusRefused], "refused"],
    ] as const) {
      const { actor, clock } = startExport({ statuses: [...statuses] });
      actor.send({ type: "export.request", request: exportRequest });
      await settle();
      await poll(clock);
      expect(actor.getSnapshot().value).toBe("failed");
      expect(actor.getSnapshot().context.failure).toBe(failure);
    }
    const { actor } = startExport({
      request: async () => {
        throw callThrew;
      },
    });
    actor.send({ type: "export.request", request: exportRequest });
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
  });

  it("stops polling once the dialog is left", async () => {
    const left = startExport({ statuses: [jobRunning] });
    left.actor.send({ type: "export.request", request: exportRequest });
    await settle();
    await poll(left.clock);
    left.actor.send({ type: "export.reset" });
    expect(left.actor.getSnapshot().value).toBe("idle");
    expect(left.actor.getSnapshot().context.jobId).toBeNull();
    const before = left.calls.length;
    await poll(left.clock);
    await poll(left.clock);
    expect(left.calls).toHaveLength(before);
  });
});
