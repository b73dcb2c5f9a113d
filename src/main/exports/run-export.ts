import { untimedTurns } from '../../shared/schemas/transcript';
import type { CodeView } from '../../shared/ipc/channels/codes';
import type { HighlightView } from '../../shared/ipc/channels/highlights';
import type { InterviewDetail, ProjectDetail } from '../../shared/views';
import { PARTICIPANT_FORMATS, type ExportFormat } from '../../shared/exports';
import { AppError } from '../errors';
import { redactHighlights, redactInterviews, redactReport } from '../redaction/apply';
import { NO_REDACTION, type Redactor } from '../output/redactor';
import { redactionNotes } from '../output/summary-notes';
import { safeFileName } from '../output/file-names';
import { participantLabel } from '../../shared/participant-code';
import { cancelledError, openExportSink, type ExportProgress, type ExportSink, type ExportResult, type ExportTarget } from '../output/sink';
import { renderParticipantsCsv, renderScreenerCsv } from './project-csv';
import { participantKeyCsv } from '../studies/participant-service';
import { byStatus, count, transcriptsLine } from '../output/summary';
import { buildQdpx } from './qdpx';
import { REPORT_FORMATS, type QuoteLocation } from './report';
import { TRANSCRIPT_BINARY_FORMATS, TRANSCRIPT_TEXT_FORMATS, type TranscriptTextFormat } from './transcript';
import type { SpeakerLabels } from './transcript/common';

const TEXT_FORMATS = new Set<string>(Object.keys(TRANSCRIPT_TEXT_FORMATS));

export { EXPORT_FORMATS, type ExportFormat } from '../../shared/exports';

/** Where an export reads from: the offline cache, so exporting never needs the network. */
export type ExportSource = {
  project(): Promise<ProjectDetail | null>;
  /** Every interview of the project with its transcript, or just these ids. */
  interviews(ids: string[] | null): Promise<InterviewDetail[]>;
  highlights(): Promise<HighlightView[]>;
  /** The study's codebook (colours, descriptions, categories) for the .qdpx; without it, codes are the highlights' tags. */
  codes?(): Promise<CodeView[]>;
  /** The offline copy of an interview's video, when there is one. */
  videoFile(interviewId: string): Promise<string | null>;
  /** Every interview's participant code in the whole study ("P07"), for quotes from interviews outside the export. */
  participantCodes?(): Promise<Record<string, string>>;
  /** Where a report quote was said, by the cache's own quote search (the one the Report tab uses). */
  locateQuote(quote: string): Promise<{ interview_id: string; turn_index: number; start_ms: number | null } | null>;
};

export type ExportRequest = {
  formats: ExportFormat[];
  interviewIds: string[] | null;
  target: ExportTarget;
  includeParticipant: boolean;
  lineEnding: 'lf' | 'crlf';
  /** How turns name their speakers; Interviewer/Participant unless chosen. */
  speakerLabels?: SpeakerLabels;
  /** CSV only: a byte order mark, so Excel reads UTF-8. */
  bom?: boolean;
  /**
   * Also writes participant-key.csv (interview_id, code, name, email): who each participant code is. Only
   * when asked, and refused with an active redactor: a redacted export never holds the key (issue 21 §3).
   */
  participantKey?: boolean;
  /** Prints the report HTML to PDF (Electron's printToPDF, or a headless Chromium); report-pdf needs it. */
  printPdf?: (html: string, signal?: AbortSignal) => Promise<Uint8Array>;
  user: { id: string; name: string };
  /**
   * What every file is redacted with (issue 14 §2): transcripts, quotes, notes and participant fields go
   * through its text(), names in labels and file names are its pseudonyms. NO_REDACTION unless given.
   */
  redactor?: Redactor;
  signal?: AbortSignal;
  onProgress?: (p: ExportProgress) => void;
};

export type ExportOutcome = { result: ExportResult; notes: string[] };

/**
 * How an export names one interview: its participant code "P07", the same in every file of the study
 * (issue 21 §3), or with participant data "Ana Souza (P07)". Without participant data the name says
 * nothing about who it was: exports leave the machine, and a file name is read before anything inside it.
 * A redacted interview's name is already its code (its pseudonym), so it is not repeated.
 */
function interviewLabel(i: InterviewDetail, includeParticipant: boolean): string {
  return participantLabel(i.code, includeParticipant ? i.participant_name : null);
}
/** The code is unique in the study, so the label alone names one file per interview. */
function interviewBaseName(i: InterviewDetail, includeParticipant: boolean): string {
  return safeFileName(interviewLabel(i, includeParticipant), { fallback: i.code });
}

/**
 * How many files may wait for the sink while the next interview renders. Rendering is CPU on this thread
 * and writing is mostly waiting for the file system, so overlapping them saves most of one or the other.
 * The sink still writes one file at a time, in call order, and undoes everything on a failure.
 */
const WRITE_AHEAD = 8;

type Located = { interview_id: string; turn_index: number; start_ms: number | null } | null;

/** Where each report quote was said, per theme and quote, as the Report tab finds it. */
async function locateQuotes(source: ExportSource, themes: { quotes: string[] }[]): Promise<Located[][]> {
  const out: Located[][] = [];
  for (const t of themes) out.push(await Promise.all(t.quotes.map((q) => source.locateQuote(q))));
  return out;
}

/** Refuses a request that cannot succeed before any file is opened: every check reads only the cache. */
async function checkRequest(
  source: ExportSource,
  req: ExportRequest,
): Promise<{ project: ProjectDetail; originals: InterviewDetail[]; reportFormats: ExportFormat[] }> {
  if (req.formats.length === 0) throw new AppError('usage', 'Choose at least one format.');
  const project = await source.project();
  if (!project) throw new AppError('unknown_project', 'This study is not in the saved data. Sync it first, then export.');
  const originals = await source.interviews(req.interviewIds);
  if (req.interviewIds) {
    const found = new Set(originals.map((i) => i.id));
    const missing = req.interviewIds.filter((id) => !found.has(id));
    if (missing.length)
      throw new AppError(
        'unknown_interview',
        `${missing.length === 1 ? 'This interview is' : 'These interviews are'} not in the saved data: ${missing.join(', ')}. Sync, then export again.`,
      );
  }
  const blocked = req.formats.filter((f) => PARTICIPANT_FORMATS.includes(f));
  if (blocked.length && !req.includeParticipant) {
    throw new AppError(
      'usage',
      `${blocked.join(' and ')} ${blocked.length === 1 ? 'is' : 'are'} participant data: include participant data to export ${blocked.length === 1 ? 'it' : 'them'}.`,
    );
  }
  if (req.participantKey && req.redactor?.active) {
    throw new AppError(
      'usage',
      'The participant key says who each code is, so it is never written into a redacted export. Export the key on its own, without redaction, and keep it apart from the redacted files.',
    );
  }
  const reportFormats = req.formats.filter((f) => f.startsWith('report-'));
  if (reportFormats.length && !project.report)
    throw new AppError('no_report', 'This study has no report in the saved data. Generate one (or sync), then export it.');
  if (req.formats.includes('report-pdf') && !req.printPdf)
    throw new AppError('pdf_unavailable', 'PDF printing is not available here. Export the report as HTML and print that to PDF.');
  return { project, originals, reportFormats };
}

/** Lets up to WRITE_AHEAD files wait for the sink while the next one renders. */
function writeAhead(sink: ExportSink): { write: (path: string, data: string | Uint8Array) => Promise<void>; drain: () => Promise<void> } {
  const pending: Promise<unknown>[] = [];
  const write = async (path: string, data: string | Uint8Array): Promise<void> => {
    const written = sink.writeFile(path, data);
    // Observed now, so a failure while it waits is not an unhandled rejection; awaiting it below still throws.
    written.catch(() => undefined);
    pending.push(written);
    if (pending.length >= WRITE_AHEAD) await pending.shift();
  };
  // In call order, so the first failure seen is the one that stopped the export (later writes only say "closed").
  const drain = async (): Promise<void> => {
    while (pending.length) await pending.shift();
  };
  return { write, drain };
}

/** What every step of one export shares once the request is checked and the sink is open. */
type ExportRun = {
  source: ExportSource;
  req: ExportRequest;
  project: ProjectDetail;
  redactor: Redactor;
  originals: InterviewDetail[];
  /** Redacted (see runExport). */
  interviews: InterviewDetail[];
  projectFolder: string;
  sink: ExportSink;
  notes: string[];
};

/** One file per interview and transcript format, rendering the next while earlier ones are written. */
async function writeTranscripts(run: ExportRun, textFormats: TranscriptTextFormat[]): Promise<void> {
  const { req, project, interviews, projectFolder } = run;
  const { write, drain } = writeAhead(run.sink);
  const options = {
    includeParticipant: req.includeParticipant,
    lineEnding: req.lineEnding,
    speakerLabels: req.speakerLabels ?? 'interviewer-participant',
    bom: req.bom ?? false,
  };
  for (const interview of interviews) {
    const base = interviewBaseName(interview, req.includeParticipant);
    for (const f of textFormats) {
      const fmt = TRANSCRIPT_TEXT_FORMATS[f];
      const text = fmt.render({ project: { id: project.id, title: project.title }, interview }, options);
      await write(`${projectFolder}/${f}/${base}.${fmt.extension}`, text);
    }
    if (req.formats.includes('docx')) {
      const doc = await TRANSCRIPT_BINARY_FORMATS.docx.render({ project: { id: project.id, title: project.title }, interview }, options);
      await write(`${projectFolder}/docx/${base}.docx`, doc);
    }
  }
  await drain();
}

/** The summary's lines about the transcript files, including turns subtitles leave out. */
function transcriptNotes(run: ExportRun, textFormats: TranscriptTextFormat[]): void {
  const { req, interviews, notes } = run;
  const transcriptFolders = [...textFormats, ...(req.formats.includes('docx') ? ['docx'] : [])];
  const transcripts = transcriptsLine(interviews, transcriptFolders);
  if (transcripts) notes.push(transcripts);
  const untimed = interviews.reduce((n, i) => n + untimedTurns(i.transcript), 0);
  if (untimed > 0 && textFormats.some((f) => f === 'srt' || f === 'vtt')) {
    notes.push(
      `${untimed} transcript turn${untimed === 1 ? ' has' : 's have'} no readable time: subtitles (SRT, WebVTT) leave ${untimed === 1 ? 'it' : 'them'} out; the other formats show "time unknown".`,
    );
  }
}

/** The study-wide CSVs (screener answers, participants), one row per interview. */
async function writeCsvs(run: ExportRun): Promise<void> {
  const { req, project, interviews, projectFolder, sink, notes } = run;
  const csvInput = { project: { id: project.id, title: project.title }, interviews };
  const csvs = [
    req.formats.includes('screener-csv') ? 'screener-answers.csv' : null,
    req.formats.includes('participants-csv') ? 'participants.csv' : null,
  ].filter((f) => f !== null);
  if (req.formats.includes('screener-csv'))
    await sink.writeFile(`${projectFolder}/screener-answers.csv`, renderScreenerCsv(csvInput, { lineEnding: req.lineEnding }));
  if (req.formats.includes('participants-csv'))
    await sink.writeFile(`${projectFolder}/participants.csv`, renderParticipantsCsv(csvInput, { lineEnding: req.lineEnding }));
  if (csvs.length)
    notes.push(
      `${csvs.join(' and ')}: one row per interview, ${count(interviews.length, 'interview')}${interviews.length ? ` (${byStatus(interviews)})` : ''}.`,
    );
}

/** participant-key.csv: the exported interviews' codes with the names and emails they stand for, in code order. */
async function writeParticipantKey(run: ExportRun): Promise<void> {
  const { req, originals, projectFolder, sink, notes } = run;
  const rows = [...originals]
    .sort((a, b) => codeOrder(a.code) - codeOrder(b.code) || a.id.localeCompare(b.id))
    .map((i) => ({
      interview_id: i.id,
      code: i.code,
      participant_name: i.participant?.name ?? i.participant_name,
      participant_email: i.participant?.email ?? i.participant_email,
    }));
  await sink.writeFile(`${projectFolder}/participant-key.csv`, participantKeyCsv(rows, req.lineEnding, req.bom ?? false));
  notes.push(
    `participant-key.csv says who each participant code is (${count(rows.length, 'interview')}): it is participant data, so keep it apart from files you share.`,
  );
}
const codeOrder = (code: string) => Number(code.slice(1)) || Number.MAX_SAFE_INTEGER;

/** The summary's line about the report: how many quotes were placed, and how many come from outside the export. */
function reportNote(report: NonNullable<ProjectDetail['report']>, reportFormats: ExportFormat[], found: Located[][], interviews: InterviewDetail[]): string {
  const inExport = new Set(interviews.map((i) => i.id));
  const unplaced = found.flat().filter((l) => l === null).length;
  const outside = found.flat().filter((l) => l !== null && !inExport.has(l.interview_id)).length;
  const quotes = found.flat();
  return `The report (${reportFormats.map((f) => f.slice('report-'.length).toUpperCase()).join(', ')}) is the whole study's: ${count(report.themes.length, 'theme')} and ${count(quotes.length, 'quote')}, whichever interviews are selected. ${
    unplaced === 0
      ? 'Every quote names its interview and time.'
      : `${count(unplaced, 'quote')} ${unplaced === 1 ? 'was' : 'were'} not found in the saved transcripts, so ${unplaced === 1 ? 'it is' : 'they are'} given without an interview or time.`
  }${outside > 0 ? ` ${count(outside, 'quote')} ${outside === 1 ? 'comes' : 'come'} from interviews not in this export, cited by their participant code.` : ''}`;
}

/** The study's report in each chosen format, its quotes placed in their interviews. */
async function writeReport(run: ExportRun, reportFormats: ExportFormat[]): Promise<void> {
  const { source, req, project, interviews, projectFolder, sink, notes } = run;
  if (!project.report || !reportFormats.length) return;
  // A quote said in an interview outside this export is still cited, by its code from the whole study.
  const codes = source.participantCodes ? await source.participantCodes() : {};
  const label = (id: string) => {
    const iv = interviews.find((i) => i.id === id);
    if (iv) return interviewLabel(iv, req.includeParticipant);
    return codes[id] ?? `Interview ${id.slice(0, 8)}`;
  };
  const found = await locateQuotes(source, project.report.themes);
  const locations = found.map((t) => t.map((l): QuoteLocation | null => (l ? { interview: label(l.interview_id), start_ms: l.start_ms } : null)));
  // Quotes are found by their words as said (above), then written redacted.
  const report = redactReport(project.report, run.redactor);
  const input = { project: { id: project.id, title: project.title }, report, locations };
  notes.push(reportNote(project.report, reportFormats, found, interviews));
  for (const f of reportFormats) {
    if (f === 'report-pdf') {
      // The PDF is the HTML export printed, so the two always say the same thing.
      const pdf = await req.printPdf!(REPORT_FORMATS.html.render(input), req.signal);
      await sink.writeFile(`${projectFolder}/report.pdf`, pdf);
      continue;
    }
    const kind = f.slice('report-'.length) as keyof typeof REPORT_FORMATS;
    const fmt = REPORT_FORMATS[kind];
    const body =
      kind === 'docx'
        ? await REPORT_FORMATS.docx.render(input)
        : kind === 'html'
          ? REPORT_FORMATS.html.render(input)
          : REPORT_FORMATS.md.render(input, { lineEnding: req.lineEnding });
    await sink.writeFile(`${projectFolder}/report.${fmt.extension}`, body);
  }
}

/** The whole study as one .qdpx for other analysis tools, with its offline videos. */
async function writeQdpx(run: ExportRun): Promise<void> {
  const { source, req, project, redactor, originals, interviews, projectFolder } = run;
  const videoFiles: Record<string, string> = {};
  for (const i of interviews) {
    const file = await source.videoFile(i.id);
    if (file) videoFiles[i.id] = file;
  }
  // Redacted quotes are found in the redacted turns, where the same replacements were made.
  const report = redactReport(project.report, redactor);
  const codes = source.codes ? await source.codes() : null;
  const qdpx = await buildQdpx(
    {
      project: { id: project.id, title: project.title, summary: report?.summary ?? null },
      user: req.user,
      interviews,
      // The .qdpx needs the quote's exact character range, so it matches quotes in the turn text itself.
      themes: (report?.themes ?? []).map((t) => ({ title: t.title, summary: t.summary, frequency: t.frequency, quotes: t.quotes })),
      highlights: redactHighlights(await source.highlights(), originals, redactor),
      ...(codes ? { codes: redactor.active ? codes.map((c) => ({ ...c, description: redactor.text(c.description) })) : codes } : {}),
      videoFiles,
      // The names the transcript files carry, so the summary's names can be found among them.
      label: (i) => interviewLabel(i, req.includeParticipant),
    },
    { lineEnding: req.lineEnding, includeParticipant: req.includeParticipant },
  );
  run.notes.push(...qdpx.notes);
  await run.sink.writeFile(`${projectFolder}/${projectFolder}.qdpx`, qdpx.zip);
}

export async function runExport(source: ExportSource, req: ExportRequest): Promise<ExportOutcome> {
  const { project, originals, reportFormats } = await checkRequest(source, req);
  const redactor = req.redactor ?? NO_REDACTION;
  // Redacted once, here: every format below renders these, so none can show what redaction replaced.
  const interviews = redactInterviews(originals, redactor);
  const textFormats = req.formats.filter((f): f is TranscriptTextFormat => TEXT_FORMATS.has(f));
  const perInterview = textFormats.length + (req.formats.includes('docx') ? 1 : 0);
  const notes: string[] = redactionNotes(redactor);
  const sink = await openExportSink({
    target: req.target,
    ...(req.signal ? { signal: req.signal } : {}),
    ...(req.onProgress ? { onProgress: req.onProgress } : {}),
    expected: { files: interviews.length * perInterview + req.formats.length - perInterview + (req.participantKey ? 1 : 0) },
  });
  try {
    const projectFolder = safeFileName(project.title || 'Untitled study', { fallback: `study-${project.id.slice(0, 8)}` });
    const run: ExportRun = { source, req, project, redactor, originals, interviews, projectFolder, sink, notes };
    await writeTranscripts(run, textFormats);
    transcriptNotes(run, textFormats);
    await writeCsvs(run);
    if (req.participantKey) await writeParticipantKey(run);
    await writeReport(run, reportFormats);
    if (req.formats.includes('qdpx')) await writeQdpx(run);
    return { result: await sink.finish(), notes };
  } catch (e) {
    await sink.cancel().catch(() => undefined);
    // A step stopped part-way (printing a PDF, a write that reached a closed sink) reports it its own way;
    // the researcher gets one answer.
    if (req.signal?.aborted) throw cancelledError();
    throw e;
  }
}
