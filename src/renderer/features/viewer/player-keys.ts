/** The viewer's keys (UI brief, Keyboard). Pure, so the mapping is tested without a browser. */
export type PlayerAction =
  | { kind: 'toggle' }
  | { kind: 'pause' }
  | { kind: 'skip'; seconds: number }
  | { kind: 'speed'; direction: -1 | 1 }
  /** Open the code picker on the transcript's selection (H, the old "highlight", or C for "code"). */
  | { kind: 'code' }
  | { kind: 'interview'; direction: -1 | 1 };

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export type KeyInfo = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey?: boolean; target: EventTarget | null };

type Target = Element & { isContentEditable?: boolean; type?: string; closest?: (s: string) => Element | null };

/** Inputs that take no typing: Space on them would tick or press them, which the viewer's Space never does. */
const PRESSABLE_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** A place where keys are typed (text inputs, text areas, selects, editable content): the viewer takes no key there. */
export function isTextField(target: EventTarget | null): boolean {
  const t = target as Target | null;
  if (!t || !('tagName' in t)) return false;
  if (t.isContentEditable) return true;
  if (t.tagName === 'TEXTAREA' || t.tagName === 'SELECT') return true;
  return t.tagName === 'INPUT' && !PRESSABLE_INPUTS.has((t.type ?? 'text').toLowerCase());
}

/**
 * Which action a key stands for, or null to leave it alone. The player's keys work wherever focus is
 * (a button, a checkbox, a transcript turn, the page) except where the researcher types, and except with
 * Ctrl/⌘ held (the app's shortcuts). Space is always play/pause, never "press the focused button again"
 * (Enter does that), so closing Export and pressing Space plays instead of reopening Export. Arrows stay
 * with the controls they move (sliders, tab strips, menus, radio groups); "?" is the app's shortcut sheet.
 * Shift+N and Shift+P go to the next and previous interview of the list. C (and H, as before codes) opens
 * the code picker on the selected words.
 */
export function playerAction(e: KeyInfo): PlayerAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (isTextField(e.target)) return null;
  const t = e.target as Target | null;
  const inside = (sel: string) => !!t?.closest?.(sel);
  if (e.shiftKey && (e.key === 'N' || e.key === 'n')) return { kind: 'interview', direction: 1 };
  if (e.shiftKey && (e.key === 'P' || e.key === 'p')) return { kind: 'interview', direction: -1 };
  switch (e.key) {
    case ' ':
    case 'Spacebar':
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
      if (inside('[role="slider"],[role="tablist"],[role="menu"],[role="radiogroup"],input[type="radio"],input[type="range"]')) return null;
      return { kind: 'skip', seconds: e.key === 'ArrowLeft' ? -5 : 5 };
    case '[':
      return { kind: 'speed', direction: -1 };
    case ']':
      return { kind: 'speed', direction: 1 };
    case 'h':
    case 'H':
    case 'c':
    case 'C':
      return { kind: 'code' };
    default:
      return null;
  }
}

/** Space that the viewer must keep from the focused control (see playerAction), also on key up, where browsers press buttons. */
export function isViewerSpace(e: KeyInfo): boolean {
  return (e.key === ' ' || e.key === 'Spacebar') && !e.ctrlKey && !e.metaKey && !e.altKey && !isTextField(e.target);
}

/** The next speed in SPEEDS from `current`, clamped to 0.5–2×. */
export function stepSpeed(current: number, direction: -1 | 1): number {
  if (direction > 0) return SPEEDS.find((s) => s > current + 1e-9) ?? SPEEDS[SPEEDS.length - 1]!;
  return [...SPEEDS].reverse().find((s) => s < current - 1e-9) ?? SPEEDS[0];
}
