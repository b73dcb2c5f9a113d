import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildApi } from '../shared/ipc/build-api';
import type { IpcResult } from '../shared/ipc/define';
import {
  channelNames,
  eventNames,
  FILES_REGISTER_CHANNEL,
  IPC_EVENT_CHANNEL,
  IPC_PREFIX,
  type FieldworkApi,
  type IpcContract,
  type IpcEvents,
} from '../shared/ipc/contract';

/**
 * The renderer's only way to main: one named function per contract channel, and `events.on` for the
 * contract's events. ipcRenderer itself is never exposed, and listeners receive the payload only,
 * never Electron's event object (which would hand the page a reference to the sender).
 */
const listeners = new Map<string, Set<(payload: unknown) => void>>();

ipcRenderer.on(IPC_EVENT_CHANNEL, (_event, message: unknown) => {
  if (!message || typeof message !== 'object') return;
  const { name, payload } = message as { name?: unknown; payload?: unknown };
  if (typeof name !== 'string') return;
  for (const listener of listeners.get(name) ?? []) listener(payload);
});

const api = buildApi<IpcContract, IpcEvents>(
  channelNames,
  eventNames,
  (channel, input) => ipcRenderer.invoke(IPC_PREFIX + channel, input) as Promise<IpcResult<unknown>>,
  (name, listener) => {
    const set = listeners.get(name) ?? new Set();
    set.add(listener);
    listeners.set(name, set);
    return () => set.delete(listener);
  },
) satisfies FieldworkApi;

contextBridge.exposeInMainWorld('fieldwork', api);

/**
 * A dropped or chosen file's path on disk, which main needs to upload it. Electron no longer puts
 * `path` on File; webUtils reads it here, in the preload, and the page only ever gets the string.
 * Files that do not live on disk (made in the page) have no path and are refused.
 */
const files = Object.freeze({
  /** A token for a File the browser handed the page (dropped or picked): main keeps the path, the page the token. */
  tokenFor: async (file: File): Promise<string> => {
    let path: string;
    try {
      path = webUtils.getPathForFile(file);
    } catch {
      throw new Error('This is not a file Fieldwork can read.');
    }
    if (!path) throw new Error('This file is not on your computer’s disk. Save it first, then add it.');
    const token: unknown = await ipcRenderer.invoke(FILES_REGISTER_CHANNEL, path);
    if (typeof token !== 'string') throw new Error('Fieldwork could not take this file. Try adding it again.');
    return token;
  },
});

contextBridge.exposeInMainWorld('fieldworkFiles', files);
