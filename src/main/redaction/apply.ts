/**
 * Applying a Redactor to what an export reads (issue 14 §2 "Apply"). Every export redacts its data here,
 * once, before any renderer sees it: the renderers then write pseudonyms wherever they would have written
 * a name, whatever the format, and a new format cannot forget a field. With NO_REDACTION (inactive) every
 * function returns its input itself, so an unredacted export is byte for byte what it was.
 */
import type { CodeSegmentView } from '../../shared/ipc/channels/codes';
import type { HighlightView } from '../../shared/ipc/channels/highlights';
import type { QuestionGrid } from '../../shared/analysis/question-grid';
import type { Participant, ParticipantValue } from '../../shared/schemas/interview';
import type { Report } from '../../shared/schemas/report';
import type { InterviewDetail } from '../../shared/views';
import type { Redactor } from '../output/redactor';
import { participantCode } from '../../shared/participant-code';

/**
 * Participant fields that identify a person by themselves: left out of a redacted export whole (a
 * pseudonym for a phone number says nothing a reader needs). Other fields (plan, age band…) stay, their
 * text redacted like any other.
 */
const PERSONAL_FIELD =
  /(^|[\s_-])(name|first|last|surname|given|family|e-?mail|mail|phone|mobile|tel|telephone|cell|address|street|city|postcode|post_code|zip|birth|dob|born|linkedin|twitter|handle|username|url|website|ip)([\s_-]|$)|name$|email$|phone$/i;

export function isPersonalField(key: string): boolean {
  return PERSONAL_FIELD.test(key.trim());
}

function redactValue(v: ParticipantValue, r: Redactor): ParticipantValue {
  return typeof v === 'string' ? r.text(v) : v;
}

function redactParticipant(p: Participant | null, pseudonym: string, r: Redactor): Participant | null {
  if (!p) return null;
  const fields: Record<string, ParticipantValue> = {};
  for (const [k, v] of Object.entries(p.fields)) if (!isPersonalField(k)) fields[k] = redactValue(v, r);
  return { ...p, name: pseudonym, email: null, fields };
}

/**
 * An interview as a redacted export shows it: the participant named by their pseudonym (in the name
 * fields every label and file name is built from), no email, no personal fields, and every turn, screener
 * answer and remaining field value through `redactor.text`.
 */
export function redactInterview(iv: InterviewDetail, r: Redactor): InterviewDetail {
  if (!r.active) return iv;
  const pseudonym = r.participant(iv.id, iv.participant?.name ?? iv.participant_name, iv.code);
  return {
    ...iv,
    participant_name: pseudonym,
    participant_email: null,
    participant: redactParticipant(iv.participant, pseudonym, r),
    screener: iv.screener
      ? { ...iv.screener, items: iv.screener.items.map((it) => ({ ...it, text: r.text(it.text), answer: it.answer === null ? null : r.text(it.answer) })) }
      : null,
    transcript: iv.transcript.map((t) => ({ ...t, text: r.text(t.text) })),
  };
}

/** Every interview redacted. */
export function redactInterviews(interviews: InterviewDetail[], r: Redactor): InterviewDetail[] {
  return r.active ? interviews.map((iv) => redactInterview(iv, r)) : interviews;
}

/**
 * Where an offset into a turn's text lands once the text is redacted: the length of the redacted text
 * before it. Exact when the offset is not inside a replaced value, which a highlight's ends, at word
 * boundaries, are not; never past the redacted turn's end.
 */
export function redactedOffset(text: string, offset: number, r: Redactor): number {
  if (!r.active) return offset;
  return Math.min(r.text(text.slice(0, offset)).length, r.text(text).length);
}

/**
 * Highlights on redacted transcripts: quote and note redacted, and the character range moved to where the
 * same words are in the redacted turn text (`originals` are the interviews before redaction).
 */
export function redactHighlights(highlights: HighlightView[], originals: InterviewDetail[], r: Redactor): HighlightView[] {
  if (!r.active) return highlights;
  const turns = new Map(originals.map((iv) => [iv.id, new Map(iv.transcript.map((t) => [t.index, t.text]))]));
  return highlights.map((h) => {
    const of = turns.get(h.interview_id);
    const start = of?.get(h.start_turn);
    const end = of?.get(h.end_turn);
    return {
      ...h,
      quote: r.text(h.quote),
      note: r.text(h.note),
      ...(start !== undefined ? { start_offset: redactedOffset(start, h.start_offset, r) } : {}),
      ...(end !== undefined ? { end_offset: redactedOffset(end, h.end_offset, r) } : {}),
    };
  });
}

/** The study's report: its summary, and each theme's title, summary and quotes. */
export function redactReport<R extends Report | null>(report: R, r: Redactor): R {
  if (!r.active || report === null) return report;
  const text = (s: string) => r.text(s);
  return {
    ...report,
    summary: report.summary === null ? null : text(report.summary),
    themes: report.themes.map((t) => ({ ...t, title: text(t.title), summary: text(t.summary), quotes: t.quotes.map(text) })),
  };
}

/** A code's segments: the participant by pseudonym, the coded words and the question redacted. */
export function redactSegments(segments: CodeSegmentView[], r: Redactor): CodeSegmentView[] {
  if (!r.active) return segments;
  return segments.map((s) => ({
    ...s,
    participant_name: r.participant(s.interview_id, s.participant_name, participantCode(s.interview_n)),
    participant: r.participant(s.interview_id, s.participant_name, participantCode(s.interview_n)),
    text: r.text(s.text),
    question: s.question === null ? null : r.text(s.question),
    note: r.text(s.note),
  }));
}

/** The question grid: each row's participant by pseudonym, answers, questions and group values redacted. */
export function redactGrid(grid: QuestionGrid, r: Redactor): QuestionGrid {
  if (!r.active) return grid;
  return {
    ...grid,
    questions: grid.questions.map((q) => ({ ...q, text: r.text(q.text) })),
    rows: grid.rows.map((row) => ({
      ...row,
      participant: r.participant(row.interview_id, null, row.code),
      group: row.group === null ? null : r.text(row.group),
      cells: row.cells.map((c) => ({ ...c, text: r.text(c.text) })),
      unmatched: row.unmatched ? { ...row.unmatched, text: r.text(row.unmatched.text) } : null,
    })),
    groups: grid.groups.map((g) => ({ ...g, name: r.text(g.name) })),
  };
}
