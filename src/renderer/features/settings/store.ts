import { useEffect } from 'react';
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

/** What a workspace's offline videos take up: null until measured (or when it could not be). */
export type VideoUsage = { usage: { bytes: number; quota: number } | null; error: UiError | null };
const UNMEASURED: VideoUsage = { usage: null, error: null };
export const videoUsage = (s: SettingsState, workspaceId: string): VideoUsage => s.usage[workspaceId] ?? UNMEASURED;

type SettingsState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  settings: SettingsView | null;
  error: UiError | null;
  /** Per workspace. */
  usage: Record<string, VideoUsage>;
  load(): Promise<void>;
  /** Saves a patch; throws a UiError the caller shows next to the field (its input stays as typed). */
  save(patch: Patch): Promise<SettingsView>;
  /** Measures a workspace's offline videos; what was measured before stays shown meanwhile. */
  loadUsage(workspaceId: string): Promise<void>;
};

/** The measurement each workspace is waiting for: an older one answering late is dropped. */
const latestUsage = new Map<string, number>();
let measurements = 0;

export const useSettings = create<SettingsState>((set) => ({
  status: 'idle',
  settings: null,
  error: null,
  usage: {},
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
  async loadUsage(workspaceId) {
    const id = ++measurements;
    latestUsage.set(workspaceId, id);
    let next: Partial<VideoUsage>;
    try {
      next = { usage: await call(api().videos.usage({ workspace_id: workspaceId })), error: null };
    } catch (e) {
      next = { error: UiError.from(e) };
    }
    if (latestUsage.get(workspaceId) !== id) return;
    set((s) => ({ usage: { ...s.usage, [workspaceId]: { ...(s.usage[workspaceId] ?? UNMEASURED), ...next } } }));
  },
}));

/**
 * The researcher's name as coder (settings `researcher_name`, '' when unset), loading the settings once when no
 * screen has yet: the viewer shows it on every coding of theirs.
 */
export function useResearcherName(): string {
  const status = useSettings((s) => s.status);
  const name = useSettings((s) => s.settings?.researcher_name ?? '');
  useEffect(() => {
    if (status === 'idle') void useSettings.getState().load();
  }, [status]);
  return name;
}
