/**
 * The export formats, named once for the main process, the CLI and the Export dialog. Pure data: no
 * Electron, Node or DOM.
 */
export const EXPORT_FORMATS = [
  'txt',
  'md',
  'docx',
  'srt',
  'vtt',
  'csv',
  'json',
  'qdpx',
  'report-md',
  'report-html',
  'report-docx',
  'report-pdf',
  'screener-csv',
  'participants-csv',
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Formats that are participant data as a whole: they need "Include participant data". */
export const PARTICIPANT_FORMATS: readonly ExportFormat[] = ['screener-csv', 'participants-csv'];
/** Formats made from the study's report: they need a report in the saved data. */
export const REPORT_EXPORT_FORMATS: readonly ExportFormat[] = ['report-md', 'report-html', 'report-docx', 'report-pdf'];
/** Formats about the whole study rather than the chosen interviews. */
export const PROJECT_FORMATS: readonly ExportFormat[] = [...REPORT_EXPORT_FORMATS, 'screener-csv', 'participants-csv'];

export type FormatInfo = { format: ExportFormat; label: string; hint: string };

/** How the Export dialog groups and names the formats. */
export const FORMAT_GROUPS: { title: string; formats: FormatInfo[] }[] = [
  {
    title: 'Transcripts',
    formats: [
      { format: 'txt', label: 'Plain text (.txt)', hint: 'Timestamped; MAXQDA, NVivo and QualCoder import it' },
      { format: 'md', label: 'Markdown (.md)', hint: 'Readable, with a metadata header' },
      { format: 'docx', label: 'Word (.docx)', hint: 'Opens in Word and LibreOffice' },
      { format: 'srt', label: 'Subtitles (.srt)', hint: 'For video players' },
      { format: 'vtt', label: 'WebVTT (.vtt)', hint: 'Subtitles with speaker voice tags' },
      { format: 'csv', label: 'Spreadsheet (.csv)', hint: 'One row per turn' },
      { format: 'json', label: 'JSON (.json)', hint: 'The normalised record' },
    ],
  },
  {
    title: 'Analysis',
    formats: [{ format: 'qdpx', label: 'REFI-QDA project (.qdpx)', hint: 'NVivo, MAXQDA, ATLAS.ti, QualCoder: themes and highlights as codes' }],
  },
  {
    title: 'Report',
    formats: [
      { format: 'report-pdf', label: 'Report as PDF', hint: 'Printed from the web page version' },
      { format: 'report-docx', label: 'Report as Word (.docx)', hint: '' },
      { format: 'report-html', label: 'Report as web page (.html)', hint: 'Self-contained, opens offline' },
      { format: 'report-md', label: 'Report as Markdown (.md)', hint: '' },
    ],
  },
  {
    title: 'Participants',
    formats: [
      { format: 'screener-csv', label: 'Screener answers (.csv)', hint: 'Needs participant data' },
      { format: 'participants-csv', label: 'Participants (.csv)', hint: 'One column per custom field; needs participant data' },
    ],
  },
];

export type SpeakerLabelChoice = 'interviewer-participant' | 'ai-user' | 'name';
