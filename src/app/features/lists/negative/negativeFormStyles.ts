/** Native controls of the negative screens, styled as the Radix ones beside them. */
export const controlStyle = {
  minWidth: "12rem",
  height: "var(--space-6)",
  padding: "0 var(--space-2)",
  border: "1px solid var(--gray-a7)",
  borderRadius: "var(--radius-2)",
  background: "var(--color-surface)",
  color: "var(--gray-12)",
  font: "inherit",
} as const;

export const textareaStyle = {
  ...controlStyle,
  height: "auto",
  minHeight: "10rem",
  width: "100%",
  padding: "var(--space-2)",
};

export const fieldStyle = { display: "flex", flexDirection: "column", gap: "var(--space-1)" } as const;
