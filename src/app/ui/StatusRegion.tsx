import type { ReactNode } from "react";

/**
 * A polite live region rendered before it has anything to say: screen readers announce what later
 * appears in it, whereas a status region inserted together with its text is often read by none.
 */
export function StatusRegion({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <div role="status" data-testid={testId}>
      {children}
    </div>
  );
}
