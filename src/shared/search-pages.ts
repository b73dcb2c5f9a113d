/**
 * How many interviews a question search hit lists in `asked_in`; `search.askedIn` pages through the rest.
 * Its own module, free of zod, so the CLI's usage text can name it without loading the IPC contract.
 */
export const ASKED_IN_PAGE = 50;
