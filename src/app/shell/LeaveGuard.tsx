import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";

type Ask = () => Promise<boolean>;

/** The question of the screen shown now, if it has something to lose; one screen at a time. */
interface LeaveGuardSlot {
  current: Ask | null;
}

const LeaveGuardContext = createContext<LeaveGuardSlot | null>(null);

/** Holds the shown screen's leave question for the shell's own ways out (the main menu). */
export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const [slot] = useState<LeaveGuardSlot>(() => ({ current: null }));
  return <LeaveGuardContext.Provider value={slot}>{children}</LeaveGuardContext.Provider>;
}

function useSlot(): LeaveGuardSlot {
  const slot = useContext(LeaveGuardContext);
  if (!slot) throw new Error("useLeaveGuard needs a LeaveGuardProvider above it");
  return slot;
}

/**
 * A screen with something to lose registers how to ask before leaving it (`ask` resolves true to
 * leave); while `shouldAsk` is false, or once the screen is gone, the shell leaves without asking.
 */
export function useLeaveGuard(shouldAsk: boolean, ask: Ask): void {
  const slot = useSlot();
  // The latest ask without registering again on every render.
  const latestAsk = useRef(ask);
  latestAsk.current = ask;
  useEffect(() => {
    if (!shouldAsk) return;
    const registered: Ask = () => latestAsk.current();
    slot.current = registered;
    return () => {
      if (slot.current === registered) slot.current = null;
    };
  }, [slot, shouldAsk]);
}

/** For the shell's ways out: resolves true when the shown screen lets the operator leave. */
export function useMayLeave(): Ask {
  const slot = useSlot();
  return useCallback(() => slot.current?.() ?? Promise.resolve(true), [slot]);
}
