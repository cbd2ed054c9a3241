import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import {
  CSV_JOB_MAX_WAIT_MS,
  csvJobPollingMachine,
  type JobStatusOutcome,
} from "../../../machines/csv/csvJobPollingMachine.ts";
import { CSV_EXPORT_POLL_MS } from "../../../machines/event/csvExportMachine.ts";
import { CSV_POLL_MS } from "../../../machines/shared/polling.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { messageText } from "../../../src/contract/messages.ts";
import { settle } from "../support/settle.ts";
import {
  callThrew,
  jobDone,
  jobDoneWithErrors,
  jobFailed,
  jobQueued,
  jobRunning,
  statusRefused,
} from "../walks/csvJobPollingWalk.ts";

function startPolling(answers: Array<JobStatusOutcome | Error>, maxWaitMs?: number) {
  const clock = new SimulatedClock();
  const asked: string[] = [];
  const machine = csvJobPollingMachine.provide({
    actors: {
      jobStatus: fromPromise(async ({ input }: { input: { jobId: string } }) => {
        asked.push(input.jobId);
        const answer = answers.shift();
        if (answer === undefined) throw new Error("no more answers");
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: maxWaitMs === undefined ? { jobId: "job-1" } : { jobId: "job-1", maxWaitMs },
  }).start();
  const poll = async () => {
    clock.increment(CSV_POLL_MS);
    await settle();
  };
  return { actor, asked, poll, clock };
}

describe("csvJobPollingMachine", () => {
  it("polls the job's state after each interval until it is done", async () => {
    const { actor, asked, poll } = startPolling([jobQueued, jobRunning, jobDone]);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    expect(asked).toEqual([]);
    await poll();
    await poll();
    expect(actor.getSnapshot().value).toEqual({ polling: "waiting" });
    expect(actor.getSnapshot().context.job?.state).toBe("running");
    await poll();
    expect(actor.getSnapshot().value).toBe("done");
    expect(actor.getSnapshot().status).toBe("done");
    expect(asked).toEqual(["job-1", "job-1", "job-1"]);
  });

  it("ends on done with errors and on failed", async () => {
    const withErrors = startPolling([jobDoneWithErrors]);
    await withErrors.poll();
    expect(withErrors.actor.getSnapshot().value).toBe("doneWithErrors");
    const failed = startPolling([jobFailed]);
    await failed.poll();
    expect(failed.actor.getSnapshot().value).toBe("failed");
    expect(failed.actor.getSnapshot().context.job?.error).toBe("The header lacks a column.");
  });

  it("says 991 when the call fails or is refused, and a retry asks again at once", async () => {
    const { actor, asked, poll } = startPolling([callThrew, statusRefused, jobDone]);
    await poll();
    expect(actor.getSnapshot().value).toBe("callFailed");
    expect(actor.getSnapshot().context.notice).toBe("991");
    expect(messageText("en", "no.991")).toBe("The upload failed. Please try again.");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    actor.send({ type: "step.retry" });
    await settle();
    expect(actor.getSnapshot().value).toBe("callFailed");
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.notFound]);
    actor.send({ type: "step.retry" });
    await settle();
    expect(actor.getSnapshot().value).toBe("done");
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(asked).toHaveLength(3);
  });

  it("says 993 once the job runs past the maximum time; a retry starts the wait over", async () => {
    const answers = Array.from({ length: CSV_JOB_MAX_WAIT_MS / CSV_POLL_MS }, () => jobRunning);
    const { actor, poll } = startPolling([...answers, jobRunning, jobDone]);
    for (let i = 1; i < answers.length; i++) await poll();
    expect(actor.getSnapshot().value).toEqual({ polling: "waiting" });
    await poll();
    expect(actor.getSnapshot().value).toBe("timedOut");
    expect(actor.getSnapshot().context.notice).toBe("993");
    expect(messageText("en", "no.993")).toBe("Processing timed out.");
    actor.send({ type: "step.retry" });
    expect(actor.getSnapshot().context).toMatchObject({ waitedMs: 0, notice: null });
    await poll();
    await poll();
    expect(actor.getSnapshot().value).toBe("done");
  });

  it("stops polling when left: no further call is made", async () => {
    const { actor, asked, poll } = startPolling([jobRunning, jobRunning]);
    await poll();
    actor.send({ type: "polling.stop" });
    expect(actor.getSnapshot().value).toBe("stopped");
    await poll();
    await poll();
    expect(asked).toEqual(["job-1"]);
  });

  it("polls at the event CSV output's interval", () => {
    expect(CSV_EXPORT_POLL_MS).toBe(CSV_POLL_MS);
  });
});
