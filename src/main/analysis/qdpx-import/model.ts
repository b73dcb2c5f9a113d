/**
 * The parts of a REFI-QDA project (or codebook) that Fieldwork imports, read from the parsed XML: codes
 * with their hierarchy, users, and the sources that can hold a transcript with their selections and
 * codings. Everything else (pictures, PDFs, notes, sets, graphs) is counted and left alone.
 */
import { ImportError } from './errors';
import { kid, kids, type XmlElement } from './xml';

export const PROJECT_NS = 'urn:QDA-XML:project:1.0';
export const CODEBOOK_NS = 'urn:QDA-XML:codebook:1.0';

export type QdaCode = { guid: string; name: string; color: string | null; description: string; codable: boolean; children: QdaCode[] };

/** Where a selection is: character positions into a plain text, sync points of a transcript, or a time span. */
export type QdaSelection =
  | { kind: 'text'; guid: string; name: string; start: number; end: number; codes: QdaCoding[]; note: string }
  | { kind: 'transcript'; guid: string; name: string; fromSyncPoint: string | null; toSyncPoint: string | null; codes: QdaCoding[]; note: string }
  | { kind: 'media'; guid: string; name: string; beginMs: number; endMs: number; codes: QdaCoding[]; note: string };

export type QdaCoding = { codeGuid: string; userGuid: string | null };

export type QdaText = { plainTextPath: string | null; content: string | null };

export type QdaTranscript = {
  guid: string;
  name: string;
  text: QdaText;
  syncPoints: Map<string, { position: number | null; timeStamp: number | null }>;
  selections: QdaSelection[];
};

export type QdaSource = {
  guid: string;
  name: string;
  kind: 'TextSource' | 'VideoSource' | 'AudioSource' | 'PictureSource' | 'PDFSource';
  /** Media path (video and audio sources). */
  path: string | null;
  /** A text source's own text. */
  text: QdaText | null;
  transcripts: QdaTranscript[];
  /** PlainTextSelections of a text source; VideoSelection/AudioSelection of a media source. */
  selections: QdaSelection[];
};

export type QdaProject = {
  kind: 'project' | 'codebook';
  name: string;
  origin: string;
  users: Map<string, string>;
  codes: QdaCode[];
  sources: QdaSource[];
};

const int = (v: string | undefined): number | null => (v !== undefined && /^\s*[+-]?[0-9]{1,15}\s*$/.test(v) ? Number(v) : null);
const guidOf = (v: string | undefined) =>
  (v ?? '')
    .trim()
    .replace(/^\{|\}$/g, '')
    .toLowerCase();

function codings(el: XmlElement): QdaCoding[] {
  return kids(el, 'Coding').flatMap((c) => {
    const ref = kid(c, 'CodeRef');
    const target = guidOf(ref?.attrs.targetGUID);
    return target ? [{ codeGuid: target, userGuid: guidOf(c.attrs.creatingUser) || guidOf(el.attrs.creatingUser) || null }] : [];
  });
}

const description = (el: XmlElement) => kid(el, 'Description')?.text.trim() ?? '';

function readCode(el: XmlElement, depth: number): QdaCode {
  if (depth > 50) throw new ImportError('qdpx_too_large', 'The codebook nests codes more than 50 levels deep.');
  const color = el.attrs.color?.trim() ?? '';
  const hex = /^#[0-9a-fA-F]{6}$/.test(color)
    ? color.toLowerCase()
    : /^#[0-9a-fA-F]{3}$/.test(color)
      ? `#${[...color.slice(1)].map((c) => c + c).join('')}`.toLowerCase()
      : null;
  return {
    guid: guidOf(el.attrs.guid),
    name: (el.attrs.name ?? '').trim(),
    color: hex,
    description: description(el),
    codable: el.attrs.isCodable?.trim() !== 'false' && el.attrs.isCodable?.trim() !== '0',
    children: kids(el, 'Code').map((c) => readCode(c, depth + 1)),
  };
}

function readText(el: XmlElement): QdaText {
  const content = kid(el, 'PlainTextContent');
  return { plainTextPath: el.attrs.plainTextPath?.trim() || null, content: content ? content.text : null };
}

function readSelection(el: XmlElement): QdaSelection | null {
  const base = { guid: guidOf(el.attrs.guid), name: el.attrs.name ?? '', codes: codings(el), note: description(el) };
  if (el.name === 'PlainTextSelection') {
    const start = int(el.attrs.startPosition);
    const end = int(el.attrs.endPosition);
    return start === null || end === null ? null : { kind: 'text', ...base, start, end };
  }
  if (el.name === 'TranscriptSelection')
    return { kind: 'transcript', ...base, fromSyncPoint: guidOf(el.attrs.fromSyncPoint) || null, toSyncPoint: guidOf(el.attrs.toSyncPoint) || null };
  const begin = int(el.attrs.begin);
  const end = int(el.attrs.end);
  return begin === null || end === null ? null : { kind: 'media', ...base, beginMs: begin, endMs: end };
}

const SOURCE_KINDS = new Set(['TextSource', 'VideoSource', 'AudioSource', 'PictureSource', 'PDFSource']);

function readSource(el: XmlElement): QdaSource {
  const kind = el.name as QdaSource['kind'];
  const source: QdaSource = {
    guid: guidOf(el.attrs.guid),
    name: (el.attrs.name ?? '').trim(),
    kind,
    path: el.attrs.path?.trim() || null,
    text: kind === 'TextSource' ? readText(el) : null,
    transcripts: [],
    selections: [],
  };
  for (const c of el.children) {
    if (c.name === 'PlainTextSelection' || c.name === 'VideoSelection' || c.name === 'AudioSelection') {
      const s = readSelection(c);
      if (s) source.selections.push(s);
    } else if (c.name === 'Transcript') {
      source.transcripts.push({
        guid: guidOf(c.attrs.guid),
        name: (c.attrs.name ?? '').trim(),
        text: readText(c),
        syncPoints: new Map(kids(c, 'SyncPoint').map((p) => [guidOf(p.attrs.guid), { position: int(p.attrs.position), timeStamp: int(p.attrs.timeStamp) }])),
        selections: kids(c, 'TranscriptSelection').flatMap((s) => readSelection(s) ?? []),
      });
    }
  }
  return source;
}

/** A parsed project.qde or .qdc, checked to be REFI-QDA by its root element and namespace. */
export function readProject(root: XmlElement): QdaProject {
  if (root.name === 'CodeBook') {
    if (root.ns !== CODEBOOK_NS) throw wrongNamespace(root, CODEBOOK_NS);
    const codes = kid(root, 'Codes');
    return {
      kind: 'codebook',
      name: '',
      origin: root.attrs.origin ?? '',
      users: new Map(),
      codes: codes ? kids(codes, 'Code').map((c) => readCode(c, 0)) : [],
      sources: [],
    };
  }
  if (root.name !== 'Project')
    throw new ImportError(
      'qdpx_not_refi',
      `The file's root element is <${root.name.slice(0, 60)}>, not a REFI-QDA <Project> or <CodeBook>. Export a REFI-QDA project (.qdpx) or codebook (.qdc) from the QDA tool.`,
    );
  if (root.ns !== PROJECT_NS) throw wrongNamespace(root, PROJECT_NS);
  const users = new Map<string, string>();
  for (const u of kids(kid(root, 'Users') ?? root, 'User')) users.set(guidOf(u.attrs.guid), (u.attrs.name ?? '').trim());
  const book = kid(root, 'CodeBook');
  const codes = book ? kids(kid(book, 'Codes') ?? book, 'Code').map((c) => readCode(c, 0)) : [];
  const sources = (kid(root, 'Sources')?.children ?? []).filter((c) => SOURCE_KINDS.has(c.name)).map(readSource);
  return { kind: 'project', name: root.attrs.name ?? '', origin: root.attrs.origin ?? '', users, codes, sources };
}

function wrongNamespace(root: XmlElement, want: string): ImportError {
  return new ImportError(
    'qdpx_wrong_namespace',
    `The <${root.name}> is in the namespace "${root.ns.slice(0, 100) || '(none)'}", not REFI-QDA's "${want}". Fieldwork reads REFI-QDA 1.0 files; export again in that format.`,
  );
}
