import { IPC_PREFIX } from '../../shared/ipc/contract';
import type { Logger } from '../logging/logger';
import { isTrustedSender, type FrameLike } from '../security/sender';
import type { Dispatch } from './dispatcher';

/** The slice of Electron's ipcMain the registrar needs, so it can be tested without Electron. */
export type IpcEventLike = { senderFrame: FrameLike | null };
export type IpcMainLike = {
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
};

/**
 * Registers one `fieldwork:<channel>` handler per contract channel. A call from anything but the app's
 * own top-level frame gets a refusal and never reaches a handler.
 */
export function registerIpc(ipcMain: IpcMainLike, channels: readonly string[], dispatch: Dispatch, allowedOrigins: () => readonly string[], log: Logger): () => void {
  for (const name of channels) {
    ipcMain.handle(IPC_PREFIX + name, async (event, input) => {
      if (!isTrustedSender(event.senderFrame, allowedOrigins())) {
        log.warn('ipc call from untrusted sender refused', { channel: name, url: event.senderFrame?.url ?? null });
        return { ok: false, error: { code: 'forbidden_sender', message: 'This request did not come from Fieldwork itself.' } };
      }
      return dispatch(name, input);
    });
  }
  return () => channels.forEach((name) => ipcMain.removeHandler(IPC_PREFIX + name));
}
