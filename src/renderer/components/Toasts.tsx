import { create } from 'zustand';
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

/** Displays the toasts; what they say is composed elsewhere (main's notices, the features' own outcomes). */
export function Toasts() {
  const { toasts, dismiss } = useToasts();
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
