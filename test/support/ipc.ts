import type { IpcResult } from '../../src/shared/ipc/define';

/** The value of a core.dispatch call, or the test fails with main's error code and message. */
export async function ok<T>(p: Promise<IpcResult<unknown>>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

/** The error of a core.dispatch call that must fail; a success fails the test. */
export async function err(p: Promise<IpcResult<unknown>>) {
  const r = await p;
  if (r.ok) throw new Error('expected a failure');
  return r.error;
}

/** A value a typed core call may answer with null (not found, nothing chosen), that this test needs present. */
export function present<T>(value: T | null | undefined, what = 'the value'): T {
  if (value === null || value === undefined) throw new Error(`expected ${what} to be present`);
  return value;
}
