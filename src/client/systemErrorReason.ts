import { z } from "zod";
import { getTransit, setTransit } from "./transit.ts";

/**
 * Why the system error screen is shown (spec section 2): invalid transit info 965, API response error
 * 964, not found 963, forbidden 962, or another reason with the message passed on. It travels to
 * /SystemError as that screen's page-transition data.
 */
export const systemErrorReasonSchema = z.object({
  kind: z.enum(["transit", "api", "notFound", "forbidden", "other"]),
  message: z.string().optional(),
});
export type SystemErrorReason = z.infer<typeof systemErrorReasonSchema>;

export const SYSTEM_ERROR_DESTINATION = "SystemError";

export const passSystemErrorReason = (reason: SystemErrorReason, referrer: string): void =>
  setTransit(SYSTEM_ERROR_DESTINATION, reason, referrer);

/** The reason handed on, or "other" without a message when the screen is opened directly. */
export function receivedSystemErrorReason(): SystemErrorReason {
  const parsed = systemErrorReasonSchema.safeParse(getTransit(SYSTEM_ERROR_DESTINATION)?.data);
  return parsed.success ? parsed.data : { kind: "other" };
}
