/**
 * A PostgreSQL array literal, exactly as pg writes an array parameter of texts, numbers or booleans
 * (each element as text, quoted, backslash and double quote escaped), but without two
 * regular-expression replacements per element when there is nothing to escape: the facts and store
 * statements send several hundred elements per batch.
 */
export function arrayLiteral(values: readonly (string | number | boolean)[]): string {
  let literal = "{";
  for (let index = 0; index < values.length; index++) {
    const value = String(values[index]);
    const escaped =
      value.includes("\\") || value.includes('"') ? value.replace(/\\/g, "\\\\").replace(/"/g, '\\"') : value;
    literal += index === 0 ? `"${escaped}"` : `,"${escaped}"`;
  }
  return `${literal}}`;
}
