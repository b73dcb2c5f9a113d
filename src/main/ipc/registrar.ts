import { FILES_REGISTER_CHANNEL, IPC_PREFIX } from '../../shared/ipc/contract';
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
export function registerIpc(
  ipcMain: IpcMainLike,
  channels: readonly string[],
  dispatch: Dispatch,
  allowedOrigins: () => readonly string[],
  log: Logger,
): () => void {
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

/**
 * The preload's own channel for picked and dropped files: the same sender check as every contract
 * channel, an absolute path only, and a token back. The page has no way to call it (it is not on
 * `window.fieldwork`), so the only paths that get a token are those of Files the browser handed over.
 */
export function registerFilesChannel(
  ipcMain: IpcMainLike,
  register: (path: string) => string,
  allowedOrigins: () => readonly string[],
  log: Logger,
): () => void {
  ipcMain.handle(FILES_REGISTER_CHANNEL, async (event, path) => {
    if (!isTrustedSender(event.senderFrame, allowedOrigins())) {
      log.warn('file registration from untrusted sender refused', { url: event.senderFrame?.url ?? null });
      return null;
    }
    if (typeof path !== 'string' || path.length > 4096) return null;
    try {
      return register(path);
    } catch {
      return null;
    }
  });
  return () => ipcMain.removeHandler(FILES_REGISTER_CHANNEL);
}
