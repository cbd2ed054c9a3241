import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { JobStatusOutcome } from "../../../machines/csv/csvJobPollingMachine.ts";
import { type NegativeAddForm, negativeAddMachine } from "../../../machines/lists/negativeAddMachine.ts";
import { negativeDetailMachine } from "../../../machines/lists/negativeDetailMachine.ts";
import {
  type CsvInput,
  type DeleteInput,
  type LoadPageInput,
  type LoadPageOutcome,
  negativeCsvPollingMachine,
  negativeListMachine,
} from "../../../machines/lists/negativeListMachine.ts";
import { CSV_POLL_MS } from "../../../machines/shared/polling.ts";
import type { NegativeCsvStatus } from "../../../src/contract/negativeList.ts";
import { settle } from "../support/settle.ts";
import { added, lineRefused } from "../walks/negativeAddWalk.ts";
import { deleteGone, detailLoaded } from "../walks/negativeDetailWalk.ts";
import {
  csvJob,
  csvLinked,
  csvLinkRefused,
  csvQueued,
  deleted,
  firstPage,
  lastPageLoaded,
  nothingFound,
  pageLoaded,
} from "../walks/negativeListWalk.ts";

type StatusAnswer = JobStatusOutcome<NegativeCsvStatus> | Error;

function startList(
  pages: (input: LoadPageInput) => LoadPageOutcome,
  confirmed = true,
  csv: { statuses?: StatusAnswer[]; link?: typeof csvLinked } = {},
) {
  const calls: unknown[] = [];
  const opened: string[] = [];
  const statuses = [...(csv.statuses ?? [])];
  const clock = new SimulatedClock();
  const machine = negativeListMachine.provide({
    actors: {
      loadPage: fromPromise(async ({ input }: { input: LoadPageInput }) => {
        calls.push({ page: input });
        return pages(input);
      }),
      confirmDelete: fromPromise(async () => confirmed),
      deleteEntries: fromPromise(async ({ input }: { input: DeleteInput }) => {
        calls.push({ delete: input.selection });
        return deleted;
      }),
      confirmCsv: fromPromise(async () => confirmed),
      requestCsv: fromPromise(async ({ input }: { input: CsvInput }) => {
        calls.push({ csv: input.encoding });
        return csvQueued;
      }),
      followCsvJob: negativeCsvPollingMachine.provide({
        actors: {
          jobStatus: fromPromise(async ({ input }: { input: { jobId: string } }) => {
            calls.push({ status: input.jobId });
            const answer = statuses.shift();
            if (answer === undefined) throw new Error("no status answer left");
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
      }),
      csvLink: fromPromise(async ({ input }: { input: { jobId: string } }) => {
        calls.push({ link: input.jobId });
        return csv.link ?? csvLinked;
      }),
    },
    actions: { openCsvDownload: (_, params) => opened.push(params.result.downloadUrl) },
  });
  return { actor: createActor(machine, { clock }).start(), calls, opened, clock };
}

const status = (state: NegativeCsvStatus["state"]): JobStatusOutcome<NegativeCsvStatus> => ({
  ok: true,
  result: csvJob(state),
  messages: [],
});

const search = { item: "tel", values: "09012345678" } as const;

describe("negativeListMachine", () => {
  it("pages forward by the page's keyset position and back to the one before", async () => {
    const { actor, calls } = startList((input) => (input.after === null ? pageLoaded : lastPageLoaded));
    actor.send({ type: "search.submit", search });
    await settle();
    expect(actor.getSnapshot().can({ type: "page.previous" })).toBe(false);
    actor.send({ type: "page.next" });
    await settle();
    expect(actor.getSnapshot().context.page?.next).toBeNull();
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(false);
    actor.send({ type: "page.previous" });
    await settle();
    expect(calls.map((call) => (call as { page: LoadPageInput }).page.after)).toEqual([
      null,
      firstPage.next,
      null,
    ]);
    actor.send({ type: "pageSize.change", pageSize: 50 });
    await settle();
    expect((calls.at(-1) as { page: LoadPageInput }).page).toEqual({ search, pageSize: 50, after: null });
  });

  it("deletes the ticked rows or every result, only once confirmed, then shows the first page", async () => {
    const { actor, calls } = startList(() => pageLoaded);
    actor.send({ type: "search.submit", search });
    await settle();
    expect(actor.getSnapshot().can({ type: "delete.request" })).toBe(false);
    actor.send({ type: "row.toggle", negativeId: "101" });
    actor.send({ type: "delete.request" });
    await settle();
    await settle();
    actor.send({ type: "selection.all" });
    actor.send({ type: "delete.request" });
    await settle();
    await settle();
    expect(calls.filter((call) => "delete" in (call as object))).toEqual([
      { delete: { kind: "ids", ids: ["101"] } },
      { delete: { kind: "all" } },
    ]);
    expect(actor.getSnapshot().context.selection).toEqual({ kind: "ids", ids: [] });
    expect(actor.getSnapshot().value).toBe("showing");

    const declined = startList(() => pageLoaded, false);
    declined.actor.send({ type: "search.submit", search });
    await settle();
    declined.actor.send({ type: "selection.all" });
    declined.actor.send({ type: "delete.request" });
    await settle();
    expect(declined.calls.some((call) => "delete" in (call as object))).toBe(false);
    expect(declined.actor.getSnapshot().context.selection).toEqual({ kind: "all" });
  });

  it("queues the CSV in the chosen encoding, follows the job until done, then opens its download link", async () => {
    const { actor, calls, opened, clock } = startList(() => pageLoaded, true, {
      statuses: [status("queued"), status("running"), status("done")],
    });
    actor.send({ type: "search.submit", search });
    await settle();
    actor.send({ type: "csv.request", encoding: "cp932" });
    await settle();
    expect(calls.at(-1)).toEqual({ csv: "cp932" });
    expect(actor.getSnapshot().matches({ exportingCsv: "following" })).toBe(true);
    expect(actor.getSnapshot().context.csvJobId).toBe("job-neg-1");
    for (let i = 0; i < 3; i++) {
      expect(opened).toEqual([]);
      clock.increment(CSV_POLL_MS);
      await settle();
    }
    expect(calls.filter((call) => "status" in (call as object))).toHaveLength(3);
    expect(calls.at(-1)).toEqual({ link: "job-neg-1" });
    expect(opened).toEqual(["/api/v3/download/token"]);
    expect(actor.getSnapshot().value).toBe("showing");
    expect(actor.getSnapshot().context).toMatchObject({ csvJobId: null, csvNotice: null });

    const none = startList(() => nothingFound);
    none.actor.send({ type: "search.submit", search });
    await settle();
    expect(none.actor.getSnapshot().value).toBe("empty");
    expect(none.actor.getSnapshot().can({ type: "csv.request", encoding: "utf8" })).toBe(false);
  });

  it("says 991 when a check fails and retries it at once; a failed job or a refused link says 992", async () => {
    const retried = startList(() => pageLoaded, true, {
      statuses: [new Error("network down"), status("done")],
    });
    retried.actor.send({ type: "search.submit", search });
    await settle();
    retried.actor.send({ type: "csv.request", encoding: "utf8" });
    await settle();
    retried.clock.increment(CSV_POLL_MS);
    await settle();
    const child = retried.actor.getSnapshot().children.followCsvJob;
    expect(child?.getSnapshot().context.notice).toBe("991");
    retried.actor.send({ type: "csv.retry" });
    await settle();
    expect(retried.opened).toEqual(["/api/v3/download/token"]);

    const failed = startList(() => pageLoaded, true, { statuses: [status("failed")] });
    failed.actor.send({ type: "search.submit", search });
    await settle();
    failed.actor.send({ type: "csv.request", encoding: "utf8" });
    await settle();
    failed.clock.increment(CSV_POLL_MS);
    await settle();
    expect(failed.actor.getSnapshot().value).toBe("showing");
    expect(failed.actor.getSnapshot().context.csvNotice).toBe("992");
    expect(failed.calls.some((call) => "link" in (call as object))).toBe(false);
    // Asked again, the notice goes.
    failed.actor.send({ type: "csv.request", encoding: "utf8" });
    expect(failed.actor.getSnapshot().context.csvNotice).toBeNull();

    const refused = startList(() => pageLoaded, true, { statuses: [status("done")], link: csvLinkRefused });
    refused.actor.send({ type: "search.submit", search });
    await settle();
    refused.actor.send({ type: "csv.request", encoding: "utf8" });
    await settle();
    refused.clock.increment(CSV_POLL_MS);
    await settle();
    expect(refused.opened).toEqual([]);
    expect(refused.actor.getSnapshot().context.csvNotice).toBe("992");
  });

  it("stops following the job on csv.stop: the list is usable again, nothing downloaded", async () => {
    const { actor, opened, clock, calls } = startList(() => pageLoaded, true, {
      statuses: [status("running")],
    });
    actor.send({ type: "search.submit", search });
    await settle();
    actor.send({ type: "csv.request", encoding: "utf8" });
    await settle();
    actor.send({ type: "csv.stop" });
    await settle();
    expect(actor.getSnapshot().value).toBe("showing");
    clock.increment(CSV_POLL_MS * 3);
    await settle();
    expect(calls.some((call) => "status" in (call as object))).toBe(false);
    expect(opened).toEqual([]);
    expect(actor.getSnapshot().can({ type: "page.next" })).toBe(true);
  });
});

describe("negativeAddMachine", () => {
  it("empties the values once registered, and keeps the form with every bad line refused", async () => {
    const answers = [lineRefused, added];
    const sent: NegativeAddForm[] = [];
    const actor = createActor(
      negativeAddMachine.provide({
        actors: {
          confirmAdd: fromPromise(async () => true),
          addEntries: fromPromise(async ({ input }: { input: NegativeAddForm }) => {
            sent.push(input);
            return answers.shift() ?? added;
          }),
        },
      }),
    ).start();
    actor.send({ type: "field.change", field: "item", value: "tel" });
    actor.send({ type: "field.change", field: "values", value: "0312345678\nabc" });
    actor.send({ type: "form.submit" });
    await settle();
    await settle();
    expect(actor.getSnapshot().context.errors).toHaveLength(2);
    expect(actor.getSnapshot().context.form.values).toBe("0312345678\nabc");
    actor.send({ type: "form.submit" });
    await settle();
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({
      errors: [],
      added: 1,
      form: { item: "tel", values: "" },
    });
    expect(sent[0]?.item).toBe("tel");
  });
});

describe("negativeDetailMachine", () => {
  it("says the entry is gone when a delete finds it gone", async () => {
    const back: string[] = [];
    const actor = createActor(
      negativeDetailMachine.provide({
        actors: {
          loadDetail: fromPromise(async () => detailLoaded),
          confirmDelete: fromPromise(async () => true),
          deleteEntry: fromPromise(async () => deleteGone),
        },
        actions: { backToList: () => back.push("back") },
      }),
      { input: { negativeId: "101" } },
    ).start();
    actor.send({ type: "detail.load" });
    await settle();
    actor.send({ type: "delete.request" });
    await settle();
    await settle();
    expect(actor.getSnapshot().value).toBe("notFound");
    expect(back).toEqual([]);
  });
});
