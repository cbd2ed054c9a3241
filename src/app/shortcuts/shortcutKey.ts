/** What a keydown needs to be judged (a KeyboardEvent has it; tests pass plain objects). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  isComposing: boolean;
  defaultPrevented: boolean;
}

/** Where the key was pressed. */
export interface PressContext {
  /** In a text field, a drop-down or editable content, where the key is typed or picks. */
  inField: boolean;
  /** A dialog owns the keyboard until it closes. */
  dialogOpen: boolean;
}

/** Check boxes, radio buttons and buttons take no letters, so keys pressed on them stay shortcuts. */
const FIELD = [
  "input:not([type='checkbox'], [type='radio'], [type='button'], [type='submit'], [type='reset'])",
  "textarea",
  "select",
  "[contenteditable]:not([contenteditable='false'])",
].join(", ");
/** Radix renders a dialog's content only while it is open. */
const OPEN_DIALOG = "[role='dialog'], [role='alertdialog']";

/** The page's side of a keydown (shortcutKey). */
export const pressContext = (event: KeyboardEvent): PressContext => ({
  inField: event.target instanceof Element && event.target.closest(FIELD) !== null,
  dialogOpen: document.querySelector(OPEN_DIALOG) !== null,
});

/**
 * The single character a keydown commands, or null when it is not a shortcut: with Ctrl, Alt or
 * Meta (the browser's and the system's own), during IME composition (a Japanese input method sends
 * "Process"), already handled, typed into a field, or while a dialog is open. Shift is allowed, since
 * "?" needs it on US and JIS keyboards alike; a shifted letter is a capital, which no shortcut uses.
 */
export function shortcutKey(press: KeyPress, where: PressContext): string | null {
  if (press.ctrlKey || press.altKey || press.metaKey || press.isComposing || press.defaultPrevented)
    return null;
  if (where.inField || where.dialogOpen) return null;
  return [...press.key].length === 1 ? press.key : null;
}
