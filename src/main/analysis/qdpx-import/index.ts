/**
 * Importing a REFI-QDA project (.qdpx) or codebook (.qdc) written by NVivo, MAXQDA, ATLAS.ti, QualCoder
 * (or Fieldwork) into a study, as one coder. Electron-free: the IPC handler and the CLI both call
 * `importQdpxFile`. Nothing in the file is trusted: see zip.ts and xml.ts for the limits.
 */
import type { QdpxImportReport } from '../../../shared/ipc/channels/imports';
import type { Cache } from '../../cache/cache';
import { AppError } from '../../errors';
import { ImportError } from './errors';
import { readProject, type QdaProject, type QdaText } from './model';
import { planImport, type ImportInterview, type TextLookup } from './plan';
import { parseXml } from './xml';
import { withFileSource, ZipReader, DEFAULT_ZIP_LIMITS, type ByteSource, type ZipLimits } from './zip';

export { ImportError } from './errors';
export { bufferSource, type ByteSource } from './zip';

export type QdpxImportArgs = { cache: Cache; projectId: string; coder: string; now?: string; limits?: ZipLimits };

export async function importQdpxFile(path: string, args: QdpxImportArgs): Promise<QdpxImportReport> {
  return withFileSource(path, (src) => importQdpx(src, args));
}

export async function importQdpx(src: ByteSource, args: QdpxImportArgs): Promise<QdpxImportReport> {
  const coder = args.coder.trim();
  if (!coder) throw new AppError('invalid_input', 'Name the coder whose codings these are.');
  const project = await args.cache.call('projects.get', { id: args.projectId });
  if (!project) throw new AppError('unknown_project', `No study ${args.projectId} in this workspace's offline copy; sync it first.`);

  const file = await readQdaFile(src, args.limits ?? DEFAULT_ZIP_LIMITS);
  const interviews = file.project.kind === 'project' ? await loadInterviews(args.cache, args.projectId) : [];
  const plan = planImport(file.project, interviews, args.projectId, file.readText);
  const applied = await args.cache.call('imports.applyQdpx', {
    projectId: args.projectId,
    coder,
    codes: plan.codes,
    segments: plan.segments,
    now: args.now ?? new Date().toISOString(),
  });
  const notes = [...plan.notes];
  if (file.project.kind === 'codebook') notes.unshift('A codebook (.qdc): its codes are imported; it holds no codings.');
  if (applied.refused > 0)
    notes.push(
      `${applied.refused} coding${applied.refused === 1 ? '' : 's'} could not be applied: ${applied.refused === 1 ? 'its code is a category' : 'their codes are categories'} in this study.`,
    );
  const unmatched = plan.sources.reduce((n, s) => n + (s.codings - s.imported), 0);
  return {
    file_kind: file.project.kind,
    coder,
    origin: file.project.origin,
    sources: plan.sources,
    codings: {
      found: plan.found,
      imported: applied.added + plan.duplicates,
      already_there: applied.already_there,
      duplicates: plan.duplicates,
      unmatched: unmatched + applied.refused,
    },
    codes: { created: applied.created, merged: applied.merged, categories: applied.categories, skipped: applied.skipped },
    notes,
  };
}

async function loadInterviews(cache: Cache, projectId: string): Promise<ImportInterview[]> {
  const ids = await cache.call('interviews.ids', { projectId });
  const out: ImportInterview[] = [];
  for (const id of ids) {
    const iv = await cache.call('interviews.get', { id });
    if (iv && iv.transcript.length > 0) out.push({ id: iv.id, participant_name: iv.participant_name, transcript: iv.transcript });
  }
  return out;
}

export type QdaFile = { project: QdaProject; readText: TextLookup };

/** The parsed project (or codebook) and its texts, from a .qdpx archive or a bare .qde/.qdc XML file. */
export async function readQdaFile(src: ByteSource, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<QdaFile> {
  if (src.size === 0) throw new ImportError('qdpx_empty', 'The file is empty.');
  const head = await src.read(0, Math.min(4, src.size));
  if (head[0] === 0x50 && head[1] === 0x4b) return readArchive(await ZipReader.open(src, limits));
  // Not a zip: a codebook (.qdc) or a project.qde on its own.
  if (src.size > limits.maxEntryBytes) throw new ImportError('qdpx_too_large', 'The file is larger than Fieldwork reads as a project or codebook.');
  const project = readProject(parseXml(decodeText(await src.read(0, src.size), 'The file')));
  return { project, readText: (t) => (t.content !== null ? { text: t.content } : { error: 'The file is not a .qdpx archive, so it holds no source texts.' }) };
}

async function readArchive(zip: ZipReader): Promise<QdaFile> {
  const qdes = zip.entries.filter((e) => !e.name.includes('/') && /\.qde$/i.test(e.name));
  const entry = zip.find('project.qde') ?? (qdes.length === 1 ? qdes[0] : undefined);
  if (!entry)
    throw new ImportError(
      'qdpx_no_project',
      'The archive has no project.qde at its top level, so it is not a REFI-QDA project. Export a .qdpx from the QDA tool.',
    );
  const project = readProject(parseXml(decodeText(await zip.read(entry), 'project.qde')));

  // Read every text the sources name, once, before planning (planning itself stays synchronous).
  const texts = new Map<string, { text: string } | { error: string }>();
  const wanted: QdaText[] = [];
  for (const s of project.sources) {
    if (s.text) wanted.push(s.text);
    for (const t of s.transcripts) wanted.push(t.text);
  }
  for (const t of wanted) {
    if (t.content !== null || !t.plainTextPath || texts.has(t.plainTextPath)) continue;
    const where = resolvePath(t.plainTextPath, zip);
    if ('error' in where) {
      texts.set(t.plainTextPath, where);
      continue;
    }
    texts.set(t.plainTextPath, { text: decodeText(await zip.read(where.entry), `"${where.entry.name}"`) });
  }
  return {
    project,
    readText: (t) => {
      if (t.content !== null) return { text: t.content };
      if (!t.plainTextPath) return { error: 'It has neither a text file nor its text inline.' };
      return texts.get(t.plainTextPath) ?? { error: 'Its text could not be read.' };
    },
  };
}

/**
 * A source's path, as the standard allows: `internal://NAME` (in the archive's sources folder, spelt
 * `sources/` or `Sources/`), relative (to the archive's top, or its sources folder), or absolute (a file on
 * the computer that wrote it: never read, since it is outside the archive).
 */
export function resolvePath(path: string, zip: Pick<ZipReader, 'find'>): { entry: NonNullable<ReturnType<ZipReader['find']>> } | { error: string } {
  const shown = `"${path.slice(0, 200)}"`;
  let rel: string;
  const internal = /^internal:\/\/(.*)$/i.exec(path);
  if (internal) rel = internal[1]!;
  else if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('/') || path.startsWith('\\'))
    return { error: `Its text is at ${shown}, outside the archive (an absolute path or a link); Fieldwork reads only files inside the .qdpx.` };
  else rel = path;
  rel = rel.replace(/\\/g, '/').replace(/^(\.\/)+/, '');
  try {
    rel = decodeURIComponent(rel);
  } catch {
    // Not percent-encoded after all: the name as written.
  }
  if (rel === '' || rel.split('/').some((s) => s === '..') || rel.startsWith('/'))
    return { error: `Its text path ${shown} points outside the archive; Fieldwork reads only files inside the .qdpx.` };
  const candidates = internal ? [`sources/${rel}`, rel] : [rel, `sources/${rel}`];
  for (const c of candidates) {
    const entry = zip.find(c);
    if (entry) return { entry };
  }
  return { error: `Its text file ${shown} is not in the archive.` };
}

/** UTF-8 (the standard's encoding; a BOM is not part of the text), else UTF-16 by BOM, else Windows-1252. */
export function decodeText(bytes: Uint8Array, what: string): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder('windows-1252').decode(bytes);
    } catch {
      throw new ImportError('qdpx_bad_text', `${what} is not UTF-8 text.`);
    }
  }
}
