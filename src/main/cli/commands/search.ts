import { participantLabel } from '../../../shared/participant-code';
import { ASKED_IN_PAGE } from '../../../shared/search-pages';
import { AppError } from '../../errors';
import { checked } from '../input';
import type { Command, Group } from '../types';
import { clean, clock, highlight, plural } from '../output';

const USAGE = `Usage: fieldwork search --workspace NAME [--project ID] [--limit N] [--json] QUERY...

Full-text search over the cached transcripts, report quotes and your highlights (their words, codes and
notes): offline, no network needed. A question the AI asked word for word in several interviews is one
result that says in how many. QUERY may be several words (all must match; the last one also matches as
a prefix); "quoted words" match as a phrase.
Matches are shown in bold on a terminal and as [[match]] otherwise. With --json, the hits as an array;
their snippets mark matches with U+0002 … U+0003, as the app does. A question's asked_count is how many
interviews asked it; its asked_in lists only the first ${ASKED_IN_PAGE} of them, first asked first.`;

const search: Command = {
  usage: USAGE,
  options: { workspace: { type: 'string' }, project: { type: 'string' }, limit: { type: 'string' } },
  required: ['workspace'],
  words: 'QUERY',
  async run(ctx) {
    const limitFlag = ctx.flags.limit;
    const limit = typeof limitFlag === 'string' ? Number(limitFlag) : 20;
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new AppError('usage', '--limit must be a whole number from 1 to 500.', { usage: USAGE });
    const query = ctx.words.join(' ');
    const w = await ctx.workspace(String(ctx.flags.workspace));
    const i = await checked('search.query', {
      workspace_id: w.id,
      query,
      limit,
      ...(typeof ctx.flags.project === 'string' ? { project_id: ctx.flags.project } : {}),
    });
    const hits = await (await ctx.services()).search.query(i.workspace_id, { query: i.query, projectId: i.project_id, role: i.role, limit: i.limit });
    if (ctx.out.isJson) return ctx.out.json(hits);
    if (hits.length === 0) return ctx.out.line(`No matches for "${clean(query)}" in "${clean(w.name)}".`);
    const style = ctx.out.markStyle;
    for (const h of hits) {
      const where =
        h.kind === 'quote'
          ? 'report quote'
          : h.kind === 'question'
            ? `AI question asked in ${plural(h.asked_count ?? h.asked_in?.length ?? 1, 'interview')}`
            : [
                // As the app names it: "Name (P07)", the code alone without a name.
                clean(participantLabel(h.code, h.participant_name)) || 'participant unknown',
                `${h.kind === 'highlight' ? 'your highlight' : (h.role ?? 'turn')}${h.start_ms !== null ? ` at ${clock(h.start_ms)}` : ''}`,
              ].join(' · ');
      ctx.out.line(`${clean(h.project_title)} · ${where}${h.interview_id ? `  [${h.interview_id}]` : ''}`);
      ctx.out.line(`  ${highlight(h.snippet, style)}`);
      if (h.kind === 'highlight' && h.tags?.length) ctx.out.line(`  codes: ${h.tags.map(clean).join(', ')}`);
    }
    ctx.out.line(`${plural(hits.length, 'match', 'matches')}${hits.length === limit ? ` (the first ${limit}; raise --limit for more)` : ''}.`);
  },
};

export const searchGroup: Group = {
  name: 'search',
  usage: USAGE,
  commands: { '': search },
};
