import type { KeyboardEvent } from 'react';

/**
 * The onKeyDown of a role="tablist" (ARIA tabs, automatic activation): Left/Right select the neighbouring
 * tab, wrapping round, and move focus to its button, which `domId` names. A plain function, not a hook,
 * so screens that return early (loading, error) can still build it after those returns.
 */
export function tablistKeys<T extends string>(ids: readonly T[], current: T, select: (id: T) => void, domId: (id: T) => string) {
  return (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 || ids.length === 0) return;
    e.preventDefault();
    const i = Math.max(0, ids.indexOf(current));
    const next = ids[(i + step + ids.length) % ids.length]!;
    select(next);
    document.getElementById(domId(next))?.focus();
  };
}
