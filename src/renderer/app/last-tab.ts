import type { ProjectTab } from './nav-store';

/**
 * The tab each study was last shown on, so opening it again lands where the researcher left it. A UI
 * preference of this window only: kept in localStorage, never sent to main or the service.
 */
const KEY = 'fieldwork.lastStudyTab';
/** Enough for every study a researcher juggles; the oldest are forgotten first. */
const MAX = 200;

function read(): Record<string, ProjectTab> {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, ProjectTab>) : {};
  } catch {
    return {};
  }
}

export function lastTab(workspaceId: string, projectId: string): ProjectTab | null {
  return read()[`${workspaceId}/${projectId}`] ?? null;
}

export function rememberTab(workspaceId: string, projectId: string, tab: ProjectTab): void {
  const all = read();
  const key = `${workspaceId}/${projectId}`;
  if (all[key] === tab) return;
  delete all[key];
  all[key] = tab;
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX))) delete all[k];
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage may be unavailable: the study then opens on its default tab.
  }
}
