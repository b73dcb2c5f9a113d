/** An error the sandbox answers with, in the service's `{error:{code,message}}` shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what = 'project') => new ApiError(404, 'not_found', `No ${what} with this ID was found.`);

export const invalid = (message: string, issues?: { path: string; message: string }[]) =>
  new ApiError(400, 'invalid_request', message, issues ? { details: { issues } } : {});
