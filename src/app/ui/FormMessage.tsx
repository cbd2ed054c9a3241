import { Callout } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** A message about the whole form or page: red and announced at once for errors, green for success. */
export function FormMessage({ tone, children }: { tone: "error" | "success" | "info"; children: ReactNode }) {
  const color = tone === "error" ? "red" : tone === "success" ? "green" : "blue";
  return (
    <Callout.Root color={color} role={tone === "error" ? "alert" : "status"} className="form-message">
      <Callout.Text className="form-message-text">{children}</Callout.Text>
    </Callout.Root>
  );
}
