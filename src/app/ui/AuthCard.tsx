import { Card, Heading, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";

/** The card of a signed-out page (login, password pages): its level-one heading, an optional intro. */
export function AuthCard({
  heading,
  intro,
  children,
}: {
  heading: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Card size="4" className="form-card">
      <Heading as="h1" size="6" mb={intro ? "2" : "4"}>
        {heading}
      </Heading>
      {intro && (
        <Text as="p" mb="4" color="gray">
          {intro}
        </Text>
      )}
      {children}
    </Card>
  );
}
