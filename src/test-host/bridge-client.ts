/**
 * The browser half of the test host's bridge: the same `window.fieldwork` the Electron preload
 * exposes, built by the same function from the same contract, but carried over same-origin HTTP
 * (calls) and Server-Sent Events (events) instead of Electron IPC.
 */
import { buildApi } from '../shared/ipc/build-api';
import type { IpcResult } from '../shared/ipc/define';
import { channelNames, eventNames, type IpcContract, type IpcEvents } from '../shared/ipc/contract';

/**
 * Electron's IPC carries a Uint8Array as it is (a frame-exact clip's bytes); JSON would turn it into an object
 * of numbered keys, so it travels as base64 in a marked object that the host turns back (host.ts `bytesBack`).
 */
function carryBytes(_key: string, v: unknown): unknown {
  if (!(v instanceof Uint8Array)) return v;
  let binary = '';
  for (let at = 0; at < v.length; at += 0x8000) binary += String.fromCharCode(...v.subarray(at, at + 0x8000));
  return { $fieldworkBytes: btoa(binary) };
}

const listeners = new Map<string, Set<(payload: unknown) => void>>();
const source = new EventSource('/__fieldwork/events');
source.addEventListener('message', (e: MessageEvent<string>) => {
  const { name, payload } = JSON.parse(e.data) as { name: string; payload: unknown };
  for (const l of listeners.get(name) ?? []) l(payload);
});

const api = buildApi<IpcContract, IpcEvents>(
  channelNames,
  eventNames,
  async (channel, input) => {
    const res = await fetch('/__fieldwork/invoke', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel, input: input === undefined ? null : input, hasInput: input !== undefined }, carryBytes),
    });
    return (await res.json()) as IpcResult<unknown>;
  },
  (name, listener) => {
    const set = listeners.get(name) ?? new Set();
    set.add(listener);
    listeners.set(name, set);
    return () => set.delete(listener);
  },
);

Object.defineProperty(window, 'fieldwork', { value: api, writable: false, configurable: false });

/**
 * Chromium gives a page no file paths, so the host stands in for webUtils.getPathForFile: it saves the
 * file's bytes to a temp folder and answers with that path.
 */
const files = Object.freeze({
  tokenFor: async (file: File): Promise<string> => {
    const res = await fetch('/__fieldwork/files', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
      body: file,
    });
    const body = (await res.json()) as { token?: string; error?: string };
    if (!res.ok || !body.token) throw new Error(body.error ?? 'The file could not be read.');
    return body.token;
  },
});
Object.defineProperty(window, 'fieldworkFiles', { value: files, writable: false, configurable: false });
