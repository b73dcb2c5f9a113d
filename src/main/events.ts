import type { PayloadOf } from '../shared/ipc/define';
import type { IpcEvents } from '../shared/ipc/contract';

export type AppEvent = { [K in keyof IpcEvents]: { name: K; payload: PayloadOf<IpcEvents[K]> } }[keyof IpcEvents];

/** Events main pushes to the renderer; Electron forwards them over IPC, the test host over SSE. */
export class EventHub {
  private listeners = new Set<(e: AppEvent) => void>();

  emit<K extends keyof IpcEvents>(name: K, payload: PayloadOf<IpcEvents[K]>): void {
    for (const l of this.listeners) l({ name, payload } as AppEvent);
  }

  subscribe(listener: (e: AppEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
