import { Callout } from "@radix-ui/themes";
import type { ReactNode } from "react";

/**
 * A message about the whole form or page: red and announced at once for errors, green for success.
 * `inLiveRegion`: the message sits in a status region already on the page (StatusRegion), which
 * announces it, so it takes no role of its own.
 */
export function FormMessage({
  tone,
  inLiveRegion = false,
  children,
}: {
  tone: "error" | "success" | "info";
  inLiveRegion?: boolean;
  children: ReactNode;
}) {
  const color = tone === "error" ? "red" : tone === "success" ? "green" : "blue";
  const role = inLiveRegion ? undefined : tone === "error" ? "alert" : "status";
  return (
    <Callout.Root color={color} role={role} className="form-message">
      <Callout.Text className="form-message-text">{children}</Callout.Text>
    </Callout.Root>
  );
}
