import { z } from "zod";
import { PRODUCT_KEY } from "../contract/auth.ts";
import { type KeyValueStorage, readJson, writeJson } from "./browserStorage.ts";

/**
 * Notifications queued in sessionStorage so that they appear after the next page load (spec section
 * 4): a refusal that sends the operator to login or to the system error page is shown there.
 */
const QUEUE_KEY = `${PRODUCT_KEY}.notifications`;

export const queuedNotificationSchema = z.object({
  colour: z.enum(["info", "error", "success", "warning"]),
  text: z.string(),
  timeout: z.number().int().positive().optional(),
});
export type QueuedNotification = z.infer<typeof queuedNotificationSchema>;

export function readNotificationQueue(storage: KeyValueStorage = sessionStorage): QueuedNotification[] {
  const parsed = z.array(queuedNotificationSchema).safeParse(readJson(storage, QUEUE_KEY));
  return parsed.success ? parsed.data : [];
}

export const writeNotificationQueue = (
  items: readonly QueuedNotification[],
  storage: KeyValueStorage = sessionStorage,
): void => writeJson(storage, QUEUE_KEY, items);

export const clearNotificationQueue = (storage: KeyValueStorage = sessionStorage): void =>
  storage.removeItem(QUEUE_KEY);
