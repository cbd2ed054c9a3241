const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/** A velocity window in milliseconds. */
export const windowMs = (window: { value: number; unit: keyof typeof UNIT_MS }): number =>
  window.value * UNIT_MS[window.unit];
