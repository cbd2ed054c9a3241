import { Flex, Text } from "@radix-ui/themes";
import { BusyButton } from "../../ui/BusyButton.tsx";

/**
 * A list's Delete for its selected rows and how many are selected (read out as it changes). The
 * button stays focusable while nothing is selected: the confirmation hands the focus back to it.
 */
export function ListDeleteBar({
  label,
  selectedText,
  unavailable,
  onDelete,
}: {
  label: string;
  selectedText: string;
  unavailable: boolean;
  onDelete: () => void;
}) {
  return (
    <Flex gap="3" align="center">
      <BusyButton color="red" variant="soft" unavailable={unavailable} onClick={onDelete}>
        {label}
      </BusyButton>
      <Text size="2" color="gray" aria-live="polite">
        {selectedText}
      </Text>
    </Flex>
  );
}
