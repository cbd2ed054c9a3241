import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import {
  type ActionValues,
  type BeginEditOutcome,
  type LoadOptionsOutcome,
  manualScreeningMachine,
  type SaveInput,
  type SaveOutcome,
} from "../../../machines/event/manualScreeningMachine.ts";
import { ERROR } from "../../../src/contract/errors.ts";
import { EDIT_LOCK_RENEW_MINUTES, type EventAction } from "../../../src/contract/eventActions.ts";
import type { EventDetail } from "../../../src/contract/eventDetail.ts";
import { settle } from "../support/settle.ts";
import { lockedEvent, reviewEvent, savedEvent } from "../walks/eventDetailFixture.ts";
import {
  actionThrew,
  beginConflict,
  editBegun,
  filledValues,
  lockedByOther,
  optionsLoaded,
  optionsWithoutLabels,
  renewed,
  renewUnderUpdate,
  saveConflict,
  savedOk,
  saveInvalid,
  saveUnderScreening,
} from "../walks/manualScreeningWalk.ts";

interface Fakes {
  options?: () => Promise<LoadOptionsOutcome>;
  begin?: () => Promise<BeginEditOutcome>;
  renew?: () => Promise<BeginEditOutcome>;
  confirm?: () => Promise<boolean>;
  discard?: () => Promise<boolean>;
  save?: (input: SaveInput) => Promise<SaveOutcome>;
}

function startScreening(fakes: Fakes = {}, clock?: SimulatedClock) {
  const calls: string[] = [];
  const saves: SaveInput[] = [];
  const effects: string[] = [];
  const machine = manualScreeningMachine.provide({
    actors: {
      loadOptions: fromPromise(async () => {
        calls.push("options");
        return (fakes.options ?? (async () => optionsLoaded))();
      }),
      beginEdit: fromPromise(async () => {
        calls.push("begin");
        return (fakes.begin ?? (async () => editBegun))();
      }),
      renewEdit: fromPromise(async () => {
        calls.push("renew");
        return (fakes.renew ?? (async () => renewed))();
      }),
      confirmSave: fromPromise(async () => {
        calls.push("confirm");
        return (fakes.confirm ?? (async () => true))();
      }),
      confirmDiscard: fromPromise(async () => {
        calls.push("discard?");
        return (fakes.discard ?? (async () => true))();
      }),
      save: fromPromise(async ({ input }: { input: SaveInput }) => {
        calls.push("save");
        saves.push(input);
        return (fakes.save ?? (async () => savedOk))(input);
      }),
    },
    actions: {
      detailSaved: (_, params) => effects.push(`detailSaved v${params.detail.version}`),
      notifySaved: (_, params) =>
        effects.push(`notifySaved ${params.action} ${params.messages.map((item) => item.code).join(" ")}`),
      notifyConflict: () => effects.push("notifyConflict"),
      notifyNotSaved: (_, params) =>
        effects.push(
          `notifyNotSaved ${params.eventId} ${params.errors.map((error) => error.code).join(" ")}`,
        ),
      reloadDetail: () => effects.push("reloadDetail"),
      releaseEdit: (_, params) => effects.push(`releaseEdit ${params.eventId}`),
    },
  });
  const actor = createActor(machine, clock ? { clock } : {}).start();
  const show = (detail: EventDetail) =>
    actor.send({
      type: "detail.show",
      eventId: detail.basic.eventId,
      version: detail.version,
      editBlock: detail.editBlock,
    });
  /** Opens an action's dialog and fills it (the lock taken, the dialog showing). */
  const openDialog = async (action: EventAction) => {
    actor.send({ type: "action.open", action });
    await settle();
  };
  return { actor, calls, saves, effects, show, openDialog };
}

describe("manualScreeningMachine", () => {
  it("saves NG with a reason against the version shown, after the confirmation, and shows the fresh detail", async () => {
    const { actor, calls, saves, effects, show, openDialog } = startScreening();
    show(reviewEvent);
    expect(actor.getSnapshot().value).toBe("viewing");
    await openDialog("ng");
    expect(actor.getSnapshot().matches({ holding: { form: "editing" } })).toBe(true);
    expect(actor.getSnapshot().context.options).toEqual(optionsLoaded.ok ? optionsLoaded.result : null);
    actor.send({ type: "form.submit", values: filledValues.ng });
    await settle();
    expect(calls).toEqual(["options", "begin", "confirm", "save"]);
    expect(saves).toEqual([{ eventId: reviewEvent.basic.eventId, version: 1, values: filledValues.ng }]);
    expect(actor.getSnapshot().value).toBe("saved");
    expect(effects).toEqual(["detailSaved v2", "notifySaved ng 002"]);
    show(savedEvent);
    expect(actor.getSnapshot().value).toBe("viewing");
    expect(actor.getSnapshot().context).toMatchObject({ version: 2, action: null, draft: null, errors: [] });
  });

  it("does not save when the confirmation is declined, and releases the lock on cancel", async () => {
    const { actor, calls, effects, show, openDialog } = startScreening({ confirm: async () => false });
    show(reviewEvent);
    await openDialog("memo");
    actor.send({ type: "form.submit", values: filledValues.memo });
    await settle();
    expect(actor.getSnapshot().matches({ holding: { form: "editing" } })).toBe(true);
    expect(actor.getSnapshot().context.draft).toEqual(filledValues.memo);
    actor.send({ type: "edit.cancel" });
    await settle();
    expect(actor.getSnapshot().value).toBe("viewing");
    expect(calls).toEqual(["options", "begin", "confirm", "discard?"]);
    expect(effects).toEqual([`releaseEdit ${reviewEvent.basic.eventId}`]);
  });

  it("asks before a cancel throws away what was typed; declined, the dialog goes on with it", async () => {
    let discard = false;
    const { actor, calls, effects, show, openDialog } = startScreening({ discard: async () => discard });
    show(reviewEvent);
    // Nothing typed: the dialog closes at once.
    await openDialog("ng");
    actor.send({ type: "edit.cancel" });
    expect(actor.getSnapshot().value).toBe("viewing");
    expect(calls).toEqual(["options", "begin"]);
    // Typed: asked (the dialog stays open, its form waiting); declined, the values stay.
    await openDialog("ng");
    actor.send({ type: "edit.input", values: filledValues.ng });
    actor.send({ type: "edit.cancel" });
    expect(actor.getSnapshot().matches({ holding: { form: "discarding" } })).toBe(true);
    expect(actor.getSnapshot().hasTag("dialogOpen")).toBe(true);
    expect(actor.getSnapshot().hasTag("editLocked")).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches({ holding: { form: "editing" } })).toBe(true);
    expect(actor.getSnapshot().context.draft).toEqual(filledValues.ng);
    expect(effects).toEqual([`releaseEdit ${reviewEvent.basic.eventId}`]);
    // Agreed: the edit ends and its lock is released.
    discard = true;
    actor.send({ type: "edit.cancel" });
    await settle();
    expect(actor.getSnapshot().value).toBe("viewing");
    expect(actor.getSnapshot().context.draft).toBeNull();
    expect(calls).toEqual(["options", "begin", "options", "begin", "discard?", "discard?"]);
    expect(effects).toEqual([
      `releaseEdit ${reviewEvent.basic.eventId}`,
      `releaseEdit ${reviewEvent.basic.eventId}`,
    ]);
  });

  it("tells the app the lock is held (editLocked) while the dialog is open and no save is under way", async () => {
    const never = new Promise<never>(() => undefined);
    const { actor, show, openDialog } = startScreening({ confirm: () => never, save: () => never });
    show(reviewEvent);
    expect(actor.getSnapshot().hasTag("editLocked")).toBe(false);
    await openDialog("hold");
    expect(actor.getSnapshot().hasTag("editLocked")).toBe(true);
    actor.send({ type: "form.submit", values: filledValues.hold });
    await settle();
    expect(actor.getSnapshot().matches({ holding: { form: "confirming" } })).toBe(true);
    expect(actor.getSnapshot().hasTag("editLocked")).toBe(true);
  });

  it("no longer tells the lock is held once the save is under way (the save ends it)", async () => {
    const { actor, show, openDialog } = startScreening({ save: () => new Promise<never>(() => undefined) });
    show(reviewEvent);
    await openDialog("memo");
    actor.send({ type: "form.submit", values: filledValues.memo });
    await settle();
    expect(actor.getSnapshot().matches({ holding: { form: "saving" } })).toBe(true);
    expect(actor.getSnapshot().hasTag("editLocked")).toBe(false);
  });

  it("on 015 releases the lock, reloads and stays read-only until the reloaded event is shown", async () => {
    const { actor, effects, show, openDialog } = startScreening({ save: async () => saveConflict });
    show(reviewEvent);
    await openDialog("ok");
    actor.send({ type: "form.submit", values: filledValues.ok });
    await settle();
    expect(actor.getSnapshot().value).toBe("conflict");
    expect(actor.getSnapshot().hasTag("readOnly")).toBe(true);
    expect(actor.getSnapshot().can({ type: "action.open", action: "ok" })).toBe(false);
    expect(actor.getSnapshot().context.errors.map((error) => error.code)).toEqual([ERROR.conflict]);
    expect(effects).toEqual([`releaseEdit ${reviewEvent.basic.eventId}`, "notifyConflict", "reloadDetail"]);
    show(savedEvent);
    expect(actor.getSnapshot().value).toBe("viewing");
    expect(actor.getSnapshot().context.version).toBe(2);
  });

  it("after 015 the same action's dialog starts from what was typed; another action's, or another event, do not", async () => {
    const { actor, show, openDialog } = startScreening({ save: async () => saveConflict });
    show(reviewEvent);
    await openDialog("ng");
    actor.send({ type: "form.submit", values: filledValues.ng });
    await settle();
    expect(actor.getSnapshot().value).toBe("conflict");
    show(savedEvent);
    await openDialog("memo");
    expect(actor.getSnapshot().context.draft).toBeNull();
    actor.send({ type: "edit.cancel" });
    await openDialog("ng");
    expect(actor.getSnapshot().context.draft).toEqual(filledValues.ng);
    // Cancelled (the discard agreed to: the kept values are what the operator typed).
    actor.send({ type: "edit.cancel" });
    await settle();
    // Kept once: opened again after a cancel, the dialog starts afresh.
    await openDialog("ng");
    expect(actor.getSnapshot().context.draft).toBeNull();
    actor.send({ type: "form.submit", values: filledValues.ng });
    await settle();
    expect(actor.getSnapshot().value).toBe("conflict");
    show({ ...savedEvent, basic: { ...savedEvent.basic, eventId: "EV-ANOTHER" } });
    await openDialog("ng");
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it("keeps what was typed when a save is refused because the event was taken meanwhile (688, 999, 1000), for the same action's dialog once it is free", async () => {
    const lockedOnSave = {
      ok: false,
      errors: [{ code: ERROR.editLocked, message: "This event is being edited by another user." }],
    } satisfies SaveOutcome;
    for (const refusal of [lockedOnSave, saveUnderScreening]) {
      const { actor, show, openDialog } = startScreening({ save: async () => refusal });
      show(reviewEvent);
      await openDialog("ng");
      actor.send({ type: "form.submit", values: filledValues.ng });
      await settle();
      expect(actor.getSnapshot().value).toBe("refused");
      // Reloaded once the other operator or the job is done: the NG dialog starts from the values.
      show(reviewEvent);
      await openDialog("ng");
      expect(actor.getSnapshot().context.draft).toEqual(filledValues.ng);
    }
  });

  it("shows an event another operator is editing read-only with 688, and opens nothing", async () => {
    const { actor, calls, show } = startScreening();
    show(lockedEvent);
    expect(actor.getSnapshot().value).toBe("readOnly");
    expect(actor.getSnapshot().context.errors.map((error) => error.code)).toEqual([ERROR.editLocked]);
    actor.send({ type: "action.open", action: "ng" });
    await settle();
    expect(calls).toEqual([]);
  });

  it("keeps a lock refusal (688) on screen until a reload, while other refusals can be closed", async () => {
    const locked = startScreening({ begin: async () => lockedByOther });
    locked.show(reviewEvent);
    await locked.openDialog("hold");
    expect(locked.actor.getSnapshot().value).toBe("refused");
    locked.actor.send({ type: "refusal.dismiss" });
    expect(locked.actor.getSnapshot().value).toBe("refused");
    locked.show(reviewEvent);
    expect(locked.actor.getSnapshot().value).toBe("viewing");

    const screening = startScreening({ save: async () => saveUnderScreening });
    screening.show(reviewEvent);
    await screening.openDialog("negative");
    screening.actor.send({ type: "form.submit", values: filledValues.negative });
    await settle();
    expect(screening.actor.getSnapshot().value).toBe("refused");
    expect(screening.actor.getSnapshot().context.errors.map((e) => e.code)).toEqual([ERROR.underScreening]);
    screening.actor.send({ type: "refusal.dismiss" });
    expect(screening.actor.getSnapshot().value).toBe("refused");
  });

  it("answers 914 instead of the label dialog when the tenant has no labels, without taking the lock", async () => {
    const { actor, calls, show, openDialog } = startScreening({ options: async () => optionsWithoutLabels });
    show(reviewEvent);
    await openDialog("label");
    expect(actor.getSnapshot().value).toBe("refused");
    expect(actor.getSnapshot().context.errors.map((error) => error.code)).toEqual([ERROR.noLabels]);
    expect(calls).toEqual(["options"]);
    actor.send({ type: "refusal.dismiss" });
    expect(actor.getSnapshot().value).toBe("viewing");
  });

  it("still opens OK, NG and HOLD without labels (the dialog just has none to tick)", async () => {
    const { actor, show, openDialog } = startScreening({ options: async () => optionsWithoutLabels });
    show(reviewEvent);
    await openDialog("hold");
    expect(actor.getSnapshot().matches({ holding: { form: "editing" } })).toBe(true);
  });

  it("keeps validation errors in the dialog with the lock, and saves once corrected", async () => {
    let answer: SaveOutcome = saveInvalid;
    const { actor, effects, show, openDialog } = startScreening({ save: async () => answer });
    show(reviewEvent);
    await openDialog("ng");
    actor.send({ type: "form.submit", values: { action: "ng", reason: "", memo: "", labelIds: [] } });
    await settle();
    expect(actor.getSnapshot().matches({ holding: { form: "editing" } })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual(saveInvalid.ok ? [] : saveInvalid.errors);
    expect(effects).toEqual([]);
    answer = savedOk;
    actor.send({ type: "form.submit", values: filledValues.ng });
    expect(actor.getSnapshot().context.errors).toEqual([]);
    await settle();
    expect(actor.getSnapshot().value).toBe("saved");
  });

  it("gives up an edit being opened or open when another event is shown (Next, a related event, Back): nothing is saved on the event left", async () => {
    const nextEvent: EventDetail = {
      ...reviewEvent,
      basic: { ...reviewEvent.basic, eventId: "EV0000000002" },
    };
    const pending = <T>() => {
      let resolve: (value: T) => void = () => undefined;
      const promise = new Promise<T>((done) => {
        resolve = done;
      });
      return { promise, resolve };
    };

    // The choices still loading: the dialog never opens, no lock is taken.
    const options = pending<LoadOptionsOutcome>();
    const loading = startScreening({ options: () => options.promise });
    loading.show(reviewEvent);
    loading.actor.send({ type: "action.open", action: "ng" });
    loading.show(nextEvent);
    options.resolve(optionsLoaded);
    await settle();
    expect(loading.actor.getSnapshot().value).toBe("viewing");
    expect(loading.actor.getSnapshot().context).toMatchObject({ eventId: "EV0000000002", action: null });
    expect(loading.calls).toEqual(["options"]);

    // The lock being taken: the dialog never opens (the app gives a lock taken meanwhile back).
    const begin = pending<BeginEditOutcome>();
    const beginning = startScreening({ begin: () => begin.promise });
    beginning.show(reviewEvent);
    await beginning.openDialog("ok");
    expect(beginning.actor.getSnapshot().value).toBe("beginning");
    beginning.show(nextEvent);
    begin.resolve(editBegun);
    await settle();
    expect(beginning.actor.getSnapshot().value).toBe("viewing");
    expect(beginning.actor.getSnapshot().context).toMatchObject({ eventId: "EV0000000002", action: null });

    // The dialog open: its lock on the event left is released; the next event shows as it is.
    const open = startScreening();
    open.show(reviewEvent);
    await open.openDialog("hold");
    open.show({ ...lockedEvent, basic: nextEvent.basic });
    expect(open.actor.getSnapshot().value).toBe("readOnly");
    expect(open.actor.getSnapshot().context).toMatchObject({ eventId: "EV0000000002", action: null });
    expect(open.effects).toEqual([`releaseEdit ${reviewEvent.basic.eventId}`]);
    expect(open.saves).toEqual([]);

    // The same event shown again (a save's fresh detail, a reload) leaves an open dialog alone.
    const same = startScreening();
    same.show(reviewEvent);
    await same.openDialog("memo");
    same.show(reviewEvent);
    expect(same.actor.getSnapshot().matches({ holding: { form: "editing" } })).toBe(true);
  });

  it("lets a save under way when another event is shown answer for its own event: its dialog leaves with it, the event shown stays, with a notice of the outcome", async () => {
    const nextEvent: EventDetail = {
      ...reviewEvent,
      basic: { ...reviewEvent.basic, eventId: "EV0000000002" },
    };
    const leftId = reviewEvent.basic.eventId;
    /** A save of the HOLD dialog that answers `outcome` once the events `shown` have been shown. */
    const saveThenLeave = async (outcome: () => Promise<SaveOutcome>, ...shown: EventDetail[]) => {
      let answer: () => void = () => undefined;
      const answered = new Promise<void>((done) => {
        answer = done;
      });
      const run = startScreening({
        save: async () => {
          await answered;
          return outcome();
        },
      });
      run.show(reviewEvent);
      await run.openDialog("hold");
      run.actor.send({ type: "form.submit", values: filledValues.hold });
      await settle();
      expect(run.actor.getSnapshot().matches({ holding: { form: "saving" } })).toBe(true);
      expect(run.actor.getSnapshot().hasTag("dialogOpen")).toBe(true);
      for (const detail of shown) run.show(detail);
      // The dialog waits unseen over another event (its actions still busy until the answer).
      const ownShown = (shown.at(-1) ?? reviewEvent).basic.eventId === leftId;
      expect(run.actor.getSnapshot().hasTag("dialogOpen")).toBe(ownShown);
      expect(run.actor.getSnapshot().hasTag("busy")).toBe(true);
      answer();
      await settle();
      return run;
    };

    // Accepted: 002 is told, but the saved event's fresh detail does not replace the one shown.
    const saved = await saveThenLeave(async () => savedOk, nextEvent);
    expect(saved.actor.getSnapshot().value).toBe("viewing");
    expect(saved.actor.getSnapshot().context).toMatchObject({
      eventId: "EV0000000002",
      version: 1,
      action: null,
      draft: null,
      shownMeanwhile: null,
    });
    expect(saved.effects).toEqual(["notifySaved hold 002"]);
    // Actions now work on the event shown.
    await saved.openDialog("memo");
    expect(saved.actor.getSnapshot().matches({ holding: { form: "editing" } })).toBe(true);
    expect(saved.actor.getSnapshot().context.eventId).toBe("EV0000000002");

    // Refused (015): the lock on the event left is released and the refusal told; no reload, no
    // draft kept for the event shown, which is read-only as shown (688).
    const refused = await saveThenLeave(async () => saveConflict, { ...lockedEvent, basic: nextEvent.basic });
    expect(refused.actor.getSnapshot().value).toBe("readOnly");
    expect(refused.actor.getSnapshot().context).toMatchObject({ eventId: "EV0000000002", keptDraft: null });
    expect(refused.actor.getSnapshot().context.errors.map((error) => error.code)).toEqual([ERROR.editLocked]);
    expect(refused.effects).toEqual([`releaseEdit ${leftId}`, `notifyNotSaved ${leftId} ${ERROR.conflict}`]);

    // Failed: told as an internal failure, nothing to retry on the event shown.
    const failed = await saveThenLeave(async () => {
      throw actionThrew;
    }, nextEvent);
    expect(failed.actor.getSnapshot().value).toBe("viewing");
    expect(failed.actor.getSnapshot().context).toMatchObject({ failedStep: null, errors: [] });
    expect(failed.effects).toEqual([
      `releaseEdit ${leftId}`,
      `notifyNotSaved ${leftId} ${ERROR.internalFailure}`,
    ]);

    // Back on the saved event before the answer: it is that event's answer again.
    const back = await saveThenLeave(async () => savedOk, nextEvent, reviewEvent);
    expect(back.actor.getSnapshot().value).toBe("saved");
    expect(back.effects).toEqual(["detailSaved v2", "notifySaved hold 002"]);
  });

  it("routes an exception to error and retries the step that failed, keeping the values", async () => {
    let fail = true;
    const { actor, saves, show, openDialog } = startScreening({
      save: async () => {
        if (fail) throw actionThrew;
        return savedOk;
      },
    });
    show(reviewEvent);
    await openDialog("assign");
    actor.send({ type: "form.submit", values: filledValues.assign });
    await settle();
    expect(actor.getSnapshot().value).toBe("error");
    expect(actor.getSnapshot().context.errors).toEqual([
      { code: ERROR.internalFailure, message: "network down" },
    ]);
    fail = false;
    actor.send({ type: "edit.retry" });
    await settle();
    expect(actor.getSnapshot().value).toBe("saved");
    expect(saves.map((save) => save.values)).toEqual([filledValues.assign, filledValues.assign]);
  });

  describe("edit lock renewal", () => {
    const RENEWAL_MS = EDIT_LOCK_RENEW_MINUTES * 60_000;
    const typed = { action: "memo", memo: "Called the shop; waiting for the invoice" } as const;
    const renewals = (calls: string[]) => calls.filter((call) => call === "renew").length;

    it("renews the lock while the operator types, lets it lapse while the dialog sits idle, and renews at once on the next input", async () => {
      const clock = new SimulatedClock();
      const { actor, calls, show, openDialog } = startScreening({}, clock);
      show(reviewEvent);
      await openDialog("memo");
      actor.send({ type: "edit.input", values: typed });
      clock.increment(RENEWAL_MS - 1);
      await settle();
      expect(renewals(calls)).toBe(0);
      clock.increment(1);
      await settle();
      expect(renewals(calls)).toBe(1);
      expect(actor.getSnapshot().matches({ holding: { form: "editing", lock: "held" } })).toBe(true);

      // Typing on: renewed again when it falls due.
      actor.send({ type: "edit.input", values: typed });
      clock.increment(RENEWAL_MS);
      await settle();
      expect(renewals(calls)).toBe(2);

      // Left idle (lunch): not renewed, however long the dialog stays open.
      clock.increment(RENEWAL_MS * 10);
      await settle();
      expect(renewals(calls)).toBe(2);
      expect(actor.getSnapshot().matches({ holding: { lock: "lapsing" } })).toBe(true);
      expect(actor.getSnapshot().hasTag("editing")).toBe(true);

      // Back at the keyboard: renewed at once, and due again after the interval.
      actor.send({ type: "edit.input", values: typed });
      await settle();
      expect(renewals(calls)).toBe(3);
      actor.send({ type: "edit.input", values: typed });
      clock.increment(RENEWAL_MS);
      await settle();
      expect(renewals(calls)).toBe(4);
    });

    it("ends the dialog when a renewal is refused (688, 1000), keeping what was typed for the same dialog once the event is free", async () => {
      for (const refusal of [lockedByOther, renewUnderUpdate]) {
        const clock = new SimulatedClock();
        const { actor, effects, show, openDialog } = startScreening({ renew: async () => refusal }, clock);
        show(reviewEvent);
        await openDialog("memo");
        actor.send({ type: "edit.input", values: typed });
        clock.increment(RENEWAL_MS);
        await settle();
        expect(actor.getSnapshot().value).toBe("refused");
        expect(actor.getSnapshot().hasTag("dialogOpen")).toBe(false);
        expect(actor.getSnapshot().context.errors).toEqual(refusal.ok ? [] : refusal.errors);
        expect(effects).toEqual([`releaseEdit ${reviewEvent.basic.eventId}`]);
        // A blocking refusal stays until the event is reloaded; then the memo dialog starts from it.
        actor.send({ type: "refusal.dismiss" });
        expect(actor.getSnapshot().value).toBe("refused");
        show(reviewEvent);
        await openDialog("memo");
        expect(actor.getSnapshot().context.draft).toEqual(typed);
      }
    });

    it("on a renewal refused with 015 reloads the event and keeps what was typed, as after a save", async () => {
      const clock = new SimulatedClock();
      const { actor, effects, show, openDialog } = startScreening(
        { renew: async () => beginConflict },
        clock,
      );
      show(reviewEvent);
      await openDialog("ng");
      const ng: ActionValues = {
        action: "ng",
        reason: "Resale",
        memo: "Same address as last week",
        labelIds: [],
      };
      actor.send({ type: "edit.input", values: ng });
      clock.increment(RENEWAL_MS);
      await settle();
      expect(actor.getSnapshot().value).toBe("conflict");
      expect(effects).toEqual([`releaseEdit ${reviewEvent.basic.eventId}`, "notifyConflict", "reloadDetail"]);
      show(savedEvent);
      await openDialog("ng");
      expect(actor.getSnapshot().context.draft).toEqual(ng);
    });

    it("routes a renewal that threw to error with what was typed; retry takes the lock again and reopens the dialog with it", async () => {
      const clock = new SimulatedClock();
      const { actor, calls, effects, show, openDialog } = startScreening(
        {
          renew: async () => {
            throw actionThrew;
          },
        },
        clock,
      );
      show(reviewEvent);
      await openDialog("memo");
      actor.send({ type: "edit.input", values: typed });
      clock.increment(RENEWAL_MS);
      await settle();
      expect(actor.getSnapshot().value).toBe("error");
      expect(actor.getSnapshot().context.errors).toEqual([
        { code: ERROR.internalFailure, message: "network down" },
      ]);
      expect(effects).toEqual([`releaseEdit ${reviewEvent.basic.eventId}`]);
      actor.send({ type: "edit.retry" });
      await settle();
      expect(calls.filter((call) => call === "begin")).toHaveLength(2);
      expect(actor.getSnapshot().matches({ holding: { form: "editing" } })).toBe(true);
      expect(actor.getSnapshot().context.draft).toEqual(typed);
    });

    it("leaves a renewal answered while the save is under way to the save (the save moves the version on)", async () => {
      let answerRenewal: (outcome: BeginEditOutcome) => void = () => undefined;
      let answerSave: (outcome: SaveOutcome) => void = () => undefined;
      const clock = new SimulatedClock();
      const { actor, show, openDialog } = startScreening(
        {
          renew: () => new Promise((resolve) => (answerRenewal = resolve)),
          save: () => new Promise((resolve) => (answerSave = resolve)),
        },
        clock,
      );
      show(reviewEvent);
      await openDialog("memo");
      actor.send({ type: "edit.input", values: typed });
      clock.increment(RENEWAL_MS);
      await settle();
      actor.send({ type: "form.submit", values: typed });
      await settle();
      expect(actor.getSnapshot().matches({ holding: { form: "saving", lock: "renewing" } })).toBe(true);
      answerRenewal(beginConflict);
      await settle();
      expect(actor.getSnapshot().matches({ holding: { form: "saving" } })).toBe(true);
      answerSave(savedOk);
      await settle();
      expect(actor.getSnapshot().value).toBe("saved");
    });
  });
});
