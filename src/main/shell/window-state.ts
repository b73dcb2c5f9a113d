import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';
import { realTimers, type Timers } from '../timers';

/**
 * The main window's size and position across restarts, without Electron: the shell passes in the
 * displays' work areas and the window's bounds. A window is never restored off-screen (a monitor that
 * was unplugged, a resolution that shrank).
 */
export type Rect = { x: number; y: number; width: number; height: number };
export type WindowState = { width: number; height: number; x?: number; y?: number; maximized: boolean };

export const DEFAULT_WINDOW: WindowState = { width: 1280, height: 820, maximized: false };
export const MIN_WINDOW = { width: 900, height: 600 };
/** How much of the title bar must be on a display for the window to count as reachable. */
const MIN_VISIBLE = 100;

const saved = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean().default(false),
});

export function readWindowState(file: string): WindowState | null {
  try {
    if (!existsSync(file)) return null;
    const r = saved.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return r.success ? stripUndefined(r.data) : null;
  } catch {
    return null;
  }
}

function stripUndefined(s: z.output<typeof saved>): WindowState {
  return { width: s.width, height: s.height, maximized: s.maximized, ...(s.x !== undefined ? { x: s.x } : {}), ...(s.y !== undefined ? { y: s.y } : {}) };
}

function overlap(a: Rect, b: Rect): { w: number; h: number } {
  return { w: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x), h: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) };
}

/**
 * Fits a saved state to the displays there are now: the size is capped by the largest work area, and a
 * position whose title bar no display shows is dropped, so the OS centres the window instead.
 */
export function clampToDisplays(state: WindowState | null, workAreas: readonly Rect[]): WindowState {
  const s = state ?? DEFAULT_WINDOW;
  if (workAreas.length === 0) return { ...s };
  const maxW = Math.max(...workAreas.map((a) => a.width));
  const maxH = Math.max(...workAreas.map((a) => a.height));
  const width = Math.max(Math.min(s.width, maxW), Math.min(MIN_WINDOW.width, maxW));
  const height = Math.max(Math.min(s.height, maxH), Math.min(MIN_WINDOW.height, maxH));
  const sized: WindowState = { width, height, maximized: s.maximized };
  if (s.x === undefined || s.y === undefined) return sized;
  const titleBar: Rect = { x: s.x, y: s.y, width, height: 32 };
  const home = workAreas.find((a) => {
    const o = overlap(titleBar, a);
    return o.w >= Math.min(MIN_VISIBLE, width) && o.h > 0;
  });
  if (!home) return sized;
  // Keep it on that display entirely when it fits, so no edge hangs off the screen.
  const x = Math.min(Math.max(s.x, home.x), home.x + home.width - width);
  const y = Math.min(Math.max(s.y, home.y), home.y + home.height - height);
  return { ...sized, x: Math.max(x, home.x), y: Math.max(y, home.y) };
}

export function loadWindowState(file: string, workAreas: readonly Rect[]): WindowState {
  return clampToDisplays(readWindowState(file), workAreas);
}

/** Saves after the window has stopped moving for a moment; `flush` writes at once (on close). */
export function createWindowStateSaver(file: string, opts: { debounceMs?: number; timers?: Timers; onError?: (e: unknown) => void } = {}) {
  const timers = opts.timers ?? realTimers;
  let pending: WindowState | null = null;
  let timer: unknown = null;
  const write = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (!pending) return;
    const state = pending;
    pending = null;
    try {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(state));
      renameSync(`${file}.tmp`, file);
    } catch (e) {
      opts.onError?.(e);
    }
  };
  return {
    schedule(state: WindowState): void {
      pending = state;
      if (timer !== null) timers.clearTimeout(timer);
      timer = timers.setTimeout(write, opts.debounceMs ?? 500);
    },
    flush: write,
  };
}

export type WindowStateSaver = ReturnType<typeof createWindowStateSaver>;

/** What the shell reads from a window to save: its normal (unmaximised) bounds and whether it is maximised. */
export function stateOf(bounds: Rect, maximized: boolean): WindowState {
  return { x: Math.round(bounds.x), y: Math.round(bounds.y), width: Math.round(bounds.width), height: Math.round(bounds.height), maximized };
}
