import type { DesktopPorts } from './ports';

export type Notice = { title: string; body: string };

/**
 * OS notifications that respect the researcher's "Notifications" setting. The notices themselves are
 * composed in one place (jobs/notices.ts); this is only the gate to the OS.
 */
export type Notifier = {
  /** Whether a notice would be sent now; lets a caller skip the work of composing one. */
  enabled(): boolean;
  notify(n: Notice): boolean;
};

export function createNotifier(d: { desktop: Pick<DesktopPorts, 'notify'>; enabled: () => boolean }): Notifier {
  return {
    enabled: d.enabled,
    notify(n) {
      if (!d.enabled()) return false;
      d.desktop.notify(n);
      return true;
    },
  };
}
