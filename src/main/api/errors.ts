import { AppError } from '../errors';

/**
 * Anything that went wrong talking to the service. `status` is the HTTP status, or 0 when no response
 * arrived (network, timeout, cancel). `retryAfterMs` is what the service asked us to wait, if anything.
 */
export class ServiceError extends AppError {
  constructor(
    readonly status: number,
    code: string,
    message: string,
    details: Record<string, unknown> = {},
    readonly retryAfterMs: number | null = null,
  ) {
    super(code, message, { status, ...details });
    this.name = 'ServiceError';
  }
}

export const isServiceError = (e: unknown): e is ServiceError => e instanceof ServiceError;

const DEFAULT_CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'invalid_api_key',
  402: 'insufficient_balance',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'unprocessable',
  429: 'rate_limited',
};

export function defaultCode(status: number): string {
  return DEFAULT_CODES[status] ?? (status >= 500 ? 'service_error' : `http_${status}`);
}

/** A message for when the service gave none; says what the researcher can do about it. */
export function defaultMessage(status: number): string {
  if (status === 401) return 'This key was not accepted by the service. Check it in your account settings.';
  if (status === 402) return 'The balance is too low for this. Add funds to your account, then try again.';
  if (status === 403) return 'The service refused this request.';
  if (status === 404) return 'The service could not find this. It may have been deleted.';
  if (status === 409) return 'This conflicts with the current state on the service. Refresh and try again.';
  if (status === 429) return 'The service is rate-limiting requests. Fieldwork will wait and try again.';
  if (status >= 500) return 'The service had a problem. Try again in a moment.';
  return `The service answered with an unexpected status (${status}).`;
}
