/**
 * A PostgreSQL array literal of texts, exactly as pg writes a string array parameter (each element
 * quoted, backslash and double quote escaped), but without two regular-expression replacements per
 * element when there is nothing to escape: the facts statement sends a few hundred texts per batch.
 */
export function textArrayLiteral(values: readonly string[]): string {
  let literal = "{";
  for (let index = 0; index < values.length; index++) {
    const value = values[index] as string;
    const escaped =
      value.includes("\\") || value.includes('"') ? value.replace(/\\/g, "\\\\").replace(/"/g, '\\"') : value;
    literal += index === 0 ? `"${escaped}"` : `,"${escaped}"`;
  }
  return `${literal}}`;
}
