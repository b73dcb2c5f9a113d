import { useEffect } from 'react';
import { create } from 'zustand';
import { EMPTY, useProjects } from '../features/projects/store';
import { useSettings } from '../features/settings/store';
import { api } from '../lib/api';
import './toasts.css';

export type Toast = {
  id: number;
  title: string;
  body?: string;
  tone: 'info' | 'success' | 'warning' | 'danger';
  /** A newer toast with the same key replaces the older one (a retry that worked supersedes its failure). */
  key?: string;
  action?: { label: string; run: () => void };
};

type ToastState = {
  toasts: Toast[];
  push(t: Omit<Toast, 'id'>, ttlMs?: number): number;
  dismiss(id: number): void;
};

let seq = 0;

/** Short-lived notes about work that finished in the background. Any feature may push one. */
export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push(t, ttlMs = 8_000) {
    const id = ++seq;
    // At most a few at once: the oldest make way.
    set((s) => ({ toasts: [...s.toasts.filter((o) => !t.key || o.key !== t.key).slice(-3), { ...t, id }] }));
    if (ttlMs > 0) setTimeout(() => get().dismiss(id), ttlMs);
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/**
 * Mirrors the OS notification for interviews found by a sync: the events of one sync (one per study)
 * are grouped into a single toast.
 */
function useCompletedInterviewToasts(workspaceId: string): void {
  useEffect(() => {
    let pending = new Map<string, number>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const groups = [...pending];
      pending = new Map();
      const total = groups.reduce((n, [, c]) => n + c, 0);
      if (total === 0) return;
      const items = (useProjects.getState().byWorkspace[workspaceId] ?? EMPTY).items;
      const title = (id: string) => items.find((p) => p.id === id)?.title || 'Untitled study';
      useToasts.getState().push({
        tone: 'success',
        title: total === 1 ? '1 new interview completed' : `${total} new interviews completed`,
        body: groups.length === 1 ? title(groups[0]![0]) : groups.map(([id, c]) => `${title(id)} (${c})`).join(', '),
      });
    };
    const offCompleted = api().events.on('interviews.completed', (e) => {
      // The Notifications setting covers the in-window note too, as it is when the interviews arrive
      // (turning it on a moment later does not bring back a note it held back).
      if (e.workspace_id !== workspaceId || useSettings.getState().settings?.notifications === false) return;
      pending.set(e.project_id, (pending.get(e.project_id) ?? 0) + e.count);
      timer ??= setTimeout(flush, 1_500);
    });
    const offFinished = api().events.on('sync.finished', (e) => {
      if (e.workspace_id !== workspaceId || pending.size === 0) return;
      if (timer) clearTimeout(timer);
      // The project list reloads on sync.finished; a moment later it has the new studies' titles.
      timer = setTimeout(flush, 150);
    });
    return () => {
      offCompleted();
      offFinished();
      if (timer) clearTimeout(timer);
    };
  }, [workspaceId]);
}

export function Toasts({ workspaceId }: { workspaceId: string }) {
  const { toasts, dismiss } = useToasts();
  useCompletedInterviewToasts(workspaceId);
  return (
    <div className="toasts" role="region" aria-label="Notifications">
      <ul className="toast-list" aria-live="polite">
        {toasts.map((t) => (
          <li key={t.id} className={`toast toast-${t.tone}`}>
            <div className="toast-text">
              <strong>{t.title}</strong>
              {t.body && <span className="muted">{t.body}</span>}
            </div>
            {t.action && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => {
                  t.action!.run();
                  dismiss(t.id);
                }}
              >
                {t.action.label}
              </button>
            )}
            <button type="button" className="btn btn-ghost btn-small" aria-label={`Dismiss: ${t.title}`} onClick={() => dismiss(t.id)}>
              ✕
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
