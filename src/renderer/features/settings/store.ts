import { create } from 'zustand';
import type { SettingsView } from '../../../shared/ipc/channels/settings';
import { api, call, UiError } from '../../lib/api';

export type Theme = SettingsView['theme'];
type Patch = Parameters<ReturnType<typeof api>['settings']['set']>[0];

const THEME_KEY = 'fieldwork.theme';

/**
 * Pins the colour scheme app-wide: tokens.css reads `data-theme` on <html>. The choice is mirrored in
 * localStorage only so the first paint after a restart is already in the right theme; settings.json
 * in main stays the source of truth.
 */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage may be unavailable; the setting still applies once loaded from main.
  }
}

/** Called before the first render; falls back to following the system. */
export function applyRememberedTheme(): void {
  let t: string | null = null;
  try {
    t = localStorage.getItem(THEME_KEY);
  } catch {
    t = null;
  }
  document.documentElement.dataset.theme = t === 'light' || t === 'dark' ? t : 'system';
}

type SettingsState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  settings: SettingsView | null;
  error: UiError | null;
  load(): Promise<void>;
  /** Saves a patch; throws a UiError the caller shows next to the field (its input stays as typed). */
  save(patch: Patch): Promise<SettingsView>;
};

export const useSettings = create<SettingsState>((set) => ({
  status: 'idle',
  settings: null,
  error: null,
  async load() {
    set({ status: 'loading', error: null });
    try {
      const settings = await call(api().settings.get());
      applyTheme(settings.theme);
      set({ status: 'ready', settings });
    } catch (e) {
      set({ status: 'error', error: UiError.from(e) });
    }
  },
  async save(patch) {
    const settings = await call(api().settings.set(patch));
    applyTheme(settings.theme);
    set({ settings, status: 'ready', error: null });
    return settings;
  },
}));
