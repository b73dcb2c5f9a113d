import type { IpcContract } from '../../shared/ipc/contract';
import { parseInput, type InputOf, type ParsedInputOf } from '../../shared/ipc/define';
import { AppError } from '../errors';

/**
 * A service call's arguments, checked as the app's are: parsed with the contract's schema for the channel
 * the app calls that service by, failing as the dispatcher fails (invalid_input, exit 2). The contract (and
 * zod) load on the first check, so `--help` and usage errors start without them.
 */
export async function checked<K extends keyof IpcContract & string>(channel: K, input: InputOf<IpcContract[K]>): Promise<ParsedInputOf<IpcContract[K]>> {
  const { ipcContract } = await import('../../shared/ipc/contract');
  const r = parseInput(ipcContract[channel], input);
  if (!r.ok) throw new AppError(r.error.code, r.error.message, r.error.details ?? {});
  return r.value;
}
