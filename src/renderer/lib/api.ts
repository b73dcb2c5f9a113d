import type { IpcError, IpcResult } from '../../shared/ipc/define';

/** An IPC failure in the renderer: the typed {code, message} from main, plus optional details. */
export class UiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  static from(e: unknown): UiError {
    if (e instanceof UiError) return e;
    return new UiError('unexpected', 'Something went wrong. Try again.');
  }
}

/** Unwraps a bridge result: the value, or a UiError carrying main's code and message. */
export async function call<T>(result: Promise<IpcResult<T>>): Promise<T> {
  let r: IpcResult<T>;
  try {
    r = await result;
  } catch {
    throw new UiError('bridge_failed', 'Fieldwork could not reach its background process. Restart the app.');
  }
  if (r.ok) return r.value;
  const e: IpcError = r.error;
  throw new UiError(e.code, e.message, e.details);
}

export const api = () => window.fieldwork;
