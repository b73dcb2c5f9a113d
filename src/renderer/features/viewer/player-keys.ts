/** The viewer's keys (UI brief, Keyboard). Pure, so the mapping is tested without a browser. */
export type PlayerAction =
  { kind: 'toggle' } | { kind: 'pause' } | { kind: 'skip'; seconds: number } | { kind: 'speed'; direction: -1 | 1 } | { kind: 'highlight' };

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export type KeyInfo = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: EventTarget | null };

const TEXT_INPUTS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/**
 * Which action a key stands for, or null to leave it alone: typing in a field, a modifier held (the
 * app's ⌘ shortcuts), space on a real button (it presses that button), arrows on a slider or a tab strip
 * (they move those), and "?" (the app-wide shortcut sheet) are never taken.
 */
export function playerAction(e: KeyInfo): PlayerAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const t = e.target as (Element & { isContentEditable?: boolean; closest?: (s: string) => Element | null }) | null;
  const tag = t && 'tagName' in t ? t.tagName : '';
  if (t?.isContentEditable || TEXT_INPUTS.has(tag)) return null;
  const inside = (sel: string) => !!t?.closest?.(sel);
  switch (e.key) {
    case ' ':
      if (tag === 'BUTTON' || tag === 'A' || inside('[role="button"],[role="tab"],[role="menuitem"],[role="menuitemradio"],[role="slider"]')) return null;
      return { kind: 'toggle' };
    case 'k':
    case 'K':
      return { kind: 'pause' };
    case 'j':
    case 'J':
      return { kind: 'skip', seconds: -10 };
    case 'l':
    case 'L':
      return { kind: 'skip', seconds: 10 };
    case 'ArrowLeft':
    case 'ArrowRight':
      if (inside('[role="slider"],[role="tablist"],[role="menu"]')) return null;
      return { kind: 'skip', seconds: e.key === 'ArrowLeft' ? -5 : 5 };
    case '[':
      return { kind: 'speed', direction: -1 };
    case ']':
      return { kind: 'speed', direction: 1 };
    case 'h':
    case 'H':
      return { kind: 'highlight' };
    default:
      return null;
  }
}

/** The next speed in SPEEDS from `current`, clamped to 0.5–2×. */
export function stepSpeed(current: number, direction: -1 | 1): number {
  if (direction > 0) return SPEEDS.find((s) => s > current + 1e-9) ?? SPEEDS[SPEEDS.length - 1]!;
  return [...SPEEDS].reverse().find((s) => s < current - 1e-9) ?? SPEEDS[0];
}
