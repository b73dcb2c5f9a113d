import { useEffect, useRef } from 'react';

/** A field marked invalid (the input itself, or a group around it), else an error note with no field. */
const INVALID = '[aria-invalid="true"] input, [aria-invalid="true"]:is(input, textarea, select)';
const ALERT = '.error-note, [role="alert"]';

/** Moves focus to the first problem inside `root` and scrolls it into view; true when there was one. */
export function focusFirstInvalid(root: HTMLElement | null): boolean {
  const field = root?.querySelector<HTMLElement>(INVALID) ?? null;
  const target = field ?? root?.querySelector<HTMLElement>(ALERT) ?? null;
  if (!target) return false;
  // An error note is not focusable by itself; -1 lets focus land there without adding a tab stop.
  if (!field && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'center', behavior: 'auto' });
  return true;
}

/**
 * After a refused or failed Save, the first field with a problem (or, failing that, the error that says why)
 * gets focus and is scrolled into view, so keyboard and screen-reader users land on it. Bump `trigger`
 * (a count of attempts) after each refused submit; the focus moves once the errors have rendered.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>(trigger: number) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!trigger) return;
    focusFirstInvalid(ref.current);
  }, [trigger]);
  return ref;
}
