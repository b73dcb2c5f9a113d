/**
 * Codings: who coded (a <User> per coder), and which stretches of a transcript carry which code: each
 * report quote found in a complete interview, coded with its theme, and each highlight, coded with each
 * of its codes (by id). A selection's ends are code point offsets into the transcript text as written.
 */
import { AI_REPORT_CODER } from '../../../shared/analysis/codebook';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import type { InterviewDetail } from '../../../shared/views';
import { count } from '../../output/summary';
import type { Codebook } from './codebook';
import { stableGuid } from './guid';
import type { QdpxQuote, QdpxTheme } from './types';
import type { TranscriptText } from './transcript-text';
import { el, textEl } from './xml';

/** `user`: the GUID of the <User> whose coding this is. */
export type Selection = { guid: string; name: string; from: number; to: number; codeGuid: string; description: string | null; user: string };

type Guid = (...parts: string[]) => string;

/**
 * A <User> per coder: the researcher (highlights without a coder), "AI report" (the report's quotes) and
 * each imported coder, so a QDA tool can tell whose coding is whose.
 */
export function createCoders(user: { id: string; name: string }, userGuid: string, g: Guid) {
  const users = new Map<string | null, { guid: string; name: string; id: string }>([[null, { guid: userGuid, name: user.name, id: user.id }]]);
  return {
    /** The GUID of a coder's <User> (null: the researcher), added when first asked for. */
    userFor(coder: string | null): string {
      let u = users.get(coder);
      if (!u) users.set(coder, (u = { guid: g('coder', coder ?? ''), name: coder ?? '', id: `coder:${coder ?? ''}` }));
      return u.guid;
    },
    element: () =>
      el(
        'Users',
        {},
        [...users.values()].map((u) => el('User', { guid: u.guid, name: u.name, id: u.id })),
      ),
  };
}

/**
 * Every interview's selections, report quotes first, then highlights; adds the themes' and codings' codes to
 * the codebook, and tells `notes` about quotes and highlights that could not be placed.
 */
export function collectSelections(args: {
  interviews: InterviewDetail[];
  texts: Map<string, TranscriptText>;
  themes: QdpxTheme[];
  highlights: HighlightView[];
  codebook: Codebook;
  userFor: (coder: string | null) => string;
  g: Guid;
  notes: string[];
}): Map<string, Selection[]> {
  const { texts, codebook, userFor, g, notes } = args;
  const selections = new Map<string, Selection[]>(args.interviews.map((iv) => [iv.id, []]));
  let unlocated = 0;
  args.themes.forEach((theme, ti) => {
    const codeGuid = codebook.themeCode(theme, ti);
    theme.quotes.forEach((quote, qi) => {
      const found = locateQuote(quote, args.interviews, texts);
      if (!found) {
        unlocated++;
        return;
      }
      selections.get(found.interviewId)!.push({
        guid: g('theme-quote', String(ti), String(qi)),
        name: theme.title,
        from: found.from,
        to: found.to,
        codeGuid,
        description: null,
        user: userFor(AI_REPORT_CODER),
      });
    });
  });
  if (unlocated > 0)
    notes.push(
      `${count(unlocated, 'report quote')} ${unlocated === 1 ? 'was' : 'were'} not found in the transcript of a complete interview in this export, so the .qdpx project does not code ${unlocated === 1 ? 'it' : 'them'}.`,
    );

  let strayHighlights = 0;
  for (const h of args.highlights) {
    const text = texts.get(h.interview_id);
    const range = text ? highlightRange(h, text) : null;
    if (!range) {
      strayHighlights++;
      continue;
    }
    const codeGuids = h.codes.length ? h.codes.map((c) => ({ key: c.id, guid: codebook.codeFor(c) })) : [{ key: '', guid: codebook.uncodedCode() }];
    for (const { key, guid } of codeGuids) {
      selections.get(h.interview_id)!.push({
        guid: g('highlight', h.id, key),
        name: h.quote.slice(0, 80),
        ...range,
        codeGuid: guid,
        description: h.note.trim() || null,
        user: userFor(h.coder ?? null),
      });
    }
  }
  if (strayHighlights > 0)
    notes.push(
      `${count(strayHighlights, 'highlight')} ${strayHighlights === 1 ? 'is' : 'are'} on interviews or text not in the .qdpx project, so ${strayHighlights === 1 ? 'it is' : 'they are'} left out of it.`,
    );
  return selections;
}

/**
 * A transcript's selections as <TranscriptSelection>s between its sync points, and the same codings as
 * <VideoSelection>s on the video's timeline, for tools that ignore sync points.
 */
export function selectionElements(
  selections: Selection[],
  sync: { guidAt: (pos: number) => string; timeAt: (pos: number) => number | null },
  when: string,
): { transcript: string[]; video: string[] } {
  const transcript = selections.map((s) => {
    const by = { creatingUser: s.user, creationDateTime: when };
    return el('TranscriptSelection', { guid: s.guid, name: s.name, fromSyncPoint: sync.guidAt(s.from), toSyncPoint: sync.guidAt(s.to), ...by }, [
      ...(s.description ? [textEl('Description', s.description)] : []),
      el('Coding', { guid: stableGuid(s.guid, 'coding'), ...by }, [el('CodeRef', { targetGUID: s.codeGuid })]),
    ]);
  });
  const video = selections.flatMap((s) => {
    const begin = sync.timeAt(s.from);
    const end = sync.timeAt(s.to);
    if (begin === null || end === null || end <= begin) return [];
    const by = { creatingUser: s.user, creationDateTime: when };
    return [
      el('VideoSelection', { guid: stableGuid(s.guid, 'video'), name: s.name, begin, end, ...by }, [
        ...(s.description ? [textEl('Description', s.description)] : []),
        el('Coding', { guid: stableGuid(s.guid, 'video-coding'), ...by }, [el('CodeRef', { targetGUID: s.codeGuid })]),
      ]),
    ];
  });
  return { transcript, video };
}

/** A quote's place: the given turn when named, else the first turn (in interview order) containing it exactly. */
function locateQuote(
  quote: QdpxQuote,
  interviews: InterviewDetail[],
  texts: Map<string, TranscriptText>,
): { interviewId: string; from: number; to: number } | null {
  const q = typeof quote === 'string' ? { text: quote } : quote;
  const needles = [
    ...new Set([
      q.text,
      q.text.trim(),
      q.text
        .trim()
        .replace(/^["'“‘]+|["'”’]+$/gu, '')
        .trim(),
    ]),
  ].filter((n) => n !== '');
  const candidates = q.interview_id ? interviews.filter((iv) => iv.id === q.interview_id) : interviews;
  for (const needle of needles) {
    for (const iv of candidates) {
      const placed = texts.get(iv.id)!.turns;
      const turns = q.turn_index !== undefined ? placed.filter((p) => p.turn.index === q.turn_index) : placed;
      for (const p of turns) {
        const at = p.turn.text.indexOf(needle);
        if (at >= 0) return { interviewId: iv.id, from: p.offsetMap[at]!, to: p.offsetMap[at + needle.length]! };
      }
    }
  }
  return null;
}

/** A highlight's turn/UTF-16 range as code point offsets in the transcript text; null when it does not fit. */
function highlightRange(h: HighlightView, text: TranscriptText): { from: number; to: number } | null {
  const start = text.turns.find((p) => p.turn.index === h.start_turn);
  const end = text.turns.find((p) => p.turn.index === h.end_turn);
  if (!start || !end) return null;
  if (h.start_offset < 0 || h.end_offset < 0 || h.start_offset > start.turn.text.length || h.end_offset > end.turn.text.length) return null;
  const from = start.offsetMap[h.start_offset]!;
  const to = end.offsetMap[h.end_offset]!;
  return to > from ? { from, to } : null;
}
