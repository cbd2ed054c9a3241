import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import {
  type FileLinkInput,
  type FileLinkOutcome,
  type LoadHistoryInput,
  type LoadHistoryOutcome,
  uploadHistoryMachine,
} from "../../../machines/csv/uploadHistoryMachine.ts";
import { CSV_POLL_MS } from "../../../machines/shared/polling.ts";
import { settle } from "../support/settle.ts";
import {
  callThrew,
  changeFilter,
  download,
  historyDone,
  historyRefused,
  historyRunning,
  linkGiven,
  linkRefused,
  nextPage,
  submit,
  walkInput,
} from "../walks/uploadHistoryWalk.ts";

function startHistory(pages: Array<LoadHistoryOutcome | Error>, links: Array<FileLinkOutcome | Error> = []) {
  const clock = new SimulatedClock();
  const asked: LoadHistoryInput[] = [];
  const linked: FileLinkInput[] = [];
  const opened: string[] = [];
  const machine = uploadHistoryMachine.provide({
    actors: {
      loadHistory: fromPromise(async ({ input }: { input: LoadHistoryInput }) => {
        asked.push(input);
        const answer = pages.shift();
        if (answer === undefined || answer instanceof Error) throw answer ?? new Error("no answer");
        return answer;
      }),
      fileLink: fromPromise(async ({ input }: { input: FileLinkInput }) => {
        linked.push(input);
        const answer = links.shift();
        if (answer === undefined || answer instanceof Error) throw answer ?? new Error("no answer");
        return answer;
      }),
    },
    actions: { openDownload: (_, params) => opened.push(params.result.downloadUrl) },
  });
  const actor = createActor(machine, { clock, input: { ...walkInput, fileTypes: [...walkInput.fileTypes] } });
  actor.start();
  const wait = async () => {
    clock.increment(CSV_POLL_MS);
    await settle();
  };
  return { actor, asked, linked, opened, wait };
}

describe("uploadHistoryMachine", () => {
  it("loads the first page of the screen's file types within the input's range", async () => {
    const { actor, asked } = startHistory([historyDone]);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ shown: "idle" });
    expect(asked).toEqual([{ fileTypes: ["CsvAuthori", "CsvUpdate"], filter: walkInput.filter, page: 1 }]);
    expect(actor.getSnapshot().context.result?.jobs).toHaveLength(2);
  });

  it("asks again every interval while a job runs, and stops once all have ended", async () => {
    const { actor, asked, wait } = startHistory([historyRunning, historyRunning, historyDone]);
    await settle();
    await wait();
    await wait();
    expect(asked).toHaveLength(3);
    expect(actor.getSnapshot().context.result).toEqual(historyDone.ok ? historyDone.result : null);
    await wait();
    await wait();
    expect(asked).toHaveLength(3);
  });

  it("keeps the table when a refresh fails, and tries again after the next interval", async () => {
    const { actor, asked, wait } = startHistory([historyRunning, callThrew, historyDone]);
    await settle();
    await wait();
    expect(actor.getSnapshot().value).toEqual({ shown: "idle" });
    expect(actor.getSnapshot().context.result?.jobs[0]?.state).toBe("running");
    await wait();
    expect(asked).toHaveLength(3);
    expect(actor.getSnapshot().context.result?.jobs[0]?.state).toBe("done");
  });

  it("searches the edited range from page 1; a page turn keeps the searched range", async () => {
    const { actor, asked } = startHistory([historyDone, historyDone, historyDone]);
    await settle();
    actor.send(changeFilter);
    actor.send(nextPage);
    await settle();
    expect(asked[1]).toEqual({ fileTypes: walkInput.fileTypes, filter: walkInput.filter, page: 2 });
    actor.send(submit);
    await settle();
    expect(asked[2]).toEqual({ fileTypes: walkInput.fileTypes, filter: changeFilter.filter, page: 1 });
  });

  it("opens the file's link, and says 992 when the link is refused or fails", async () => {
    const { actor, linked, opened } = startHistory([historyDone], [linkGiven, linkRefused, callThrew]);
    await settle();
    actor.send(download);
    expect(actor.getSnapshot().hasTag("downloading")).toBe(true);
    await settle();
    expect(opened).toEqual(["/api/v3/download/t1"]);
    expect(linked).toEqual([download.link]);
    expect(actor.getSnapshot().context.notice).toBeNull();
    actor.send(download);
    await settle();
    expect(actor.getSnapshot().context.notice).toBe("992");
    actor.send(download);
    expect(actor.getSnapshot().context.notice).toBeNull();
    await settle();
    expect(actor.getSnapshot().context.notice).toBe("992");
    expect(opened).toHaveLength(1);
  });

  it("fails on a refused load and retries it", async () => {
    const { actor } = startHistory([historyRefused, historyDone]);
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.errors.map((e) => e.code)).toEqual(
      historyRefused.ok ? [] : historyRefused.errors.map((e) => e.code),
    );
    actor.send({ type: "step.retry" });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ shown: "idle" });
  });
});
