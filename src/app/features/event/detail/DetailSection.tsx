import { Heading } from "@radix-ui/themes";
import { type ReactNode, useId } from "react";

/** One section of the detail: a level-two heading that names the region. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="event-detail-section">
      <Heading as="h2" size="4" mb="2" id={headingId}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
