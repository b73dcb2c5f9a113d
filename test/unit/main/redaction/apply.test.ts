// Applying a Redactor to what exports read: inactive, nothing is copied or changed; active, the participant
// is their pseudonym everywhere a label is built from, personal fields go, other fields and every text are
// redacted, and a highlight's range moves with the words it covers. Without the real builder, asking for a
// redacted export fails before anything is written.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createExportService, type ExportDeps } from '../../../../src/main/exports/export-service';
import { isPersonalField, redactedOffset, redactHighlights, redactInterview, redactInterviews } from '../../../../src/main/redaction/apply';
import { NO_REDACTION } from '../../../../src/main/output/redactor';
import type { HighlightView } from '../../../../src/shared/ipc/channels/highlights';
import type { InterviewDetail } from '../../../../src/shared/views';
import { fakeRedactor } from '../../../support/fake-redactor';

const iv: InterviewDetail = {
  id: 'iv-1',
  project_id: 'p',
  code: 'P01',
  status: 'COMPLETE',
  completed_at: null,
  duration_minutes: null,
  participant_name: 'Maya Cohen',
  participant_email: 'maya@example.com',
  screener_approved: true,
  detail_state: 'complete',
  turn_count: 1,
  has_video: false,
  participant: {
    name: 'Maya Cohen',
    email: 'maya@example.com',
    fields: { name: 'Maya Cohen', email: 'maya@example.com', 'Phone number': '+44 1', first_name: 'Maya', plan: 'Weekly with Maya', age: 41 },
  },
  screener: { approved: true, items: [{ id: 'q', text: 'Who referred you?', answer: 'Maya herself' }] },
  transcript: [{ index: 0, role: 'User', text: 'Hi, I am Maya Cohen and I cancelled.', start_ms: 0, end_ms: 1000 }],
  thumbnail_url: null,
  offline: false,
};
const r = fakeRedactor([{ id: 'iv-1', name: 'Maya Cohen', email: 'maya@example.com' }]);

describe('applying a redactor', () => {
  it('inactive: the very same objects, so unredacted exports cannot change', () => {
    const list = [iv];
    expect(redactInterviews(list, NO_REDACTION)).toBe(list);
    expect(redactInterview(iv, NO_REDACTION)).toBe(iv);
    expect(redactedOffset('Maya said', 4, NO_REDACTION)).toBe(4);
  });

  it('active: pseudonym as the name, no email or personal field, every text redacted', () => {
    const out = redactInterview(iv, r);
    expect(out).toMatchObject({ participant_name: 'P01', participant_email: null });
    expect(out.participant).toEqual({ name: 'P01', email: null, fields: { plan: 'Weekly with P01', age: 41 } });
    expect(out.screener!.items[0]!.answer).toBe('P01 herself');
    expect(out.transcript[0]!.text).toBe('Hi, I am P01 and I cancelled.');
    expect(iv.transcript[0]!.text).toContain('Maya Cohen');
    expect(['surname', 'E-mail', 'mobile', 'Home address', 'postcode', 'full_name', 'plan', 'age', 'household'].map(isPersonalField)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('a highlight keeps covering the same words after the names before it are replaced', () => {
    const text = iv.transcript[0]!.text;
    const h = {
      id: 'h',
      interview_id: 'iv-1',
      start_turn: 0,
      end_turn: 0,
      start_offset: text.indexOf('and'),
      end_offset: text.indexOf('.'),
      quote: 'and I cancelled',
      note: 'ask Maya',
    } as HighlightView;
    const [moved] = redactHighlights([h], [iv], r);
    const redacted = redactInterview(iv, r).transcript[0]!.text;
    expect(redacted.slice(moved!.start_offset, moved!.end_offset)).toBe('and I cancelled');
    expect(moved!.note).toBe('ask P01');
  });

  it('without the real builder, a redacted export is refused before anything is written', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'fw-no-redactor-'));
    try {
      const service = createExportService({
        runtimes: { get: async () => ({ cache: {} }) },
        workspaces: { list: () => [{ id: 'w', name: 'W' }] },
        folders: { chosen: () => true, remember: () => undefined, list: () => [] },
      } as unknown as ExportDeps);
      const run = {
        workspace_id: 'w',
        project_id: 'p',
        export_id: 'e',
        interview_ids: null,
        formats: ['txt' as const],
        folder,
        target: 'folder' as const,
        include_participant: false,
        line_ending: 'lf' as const,
        speaker_labels: 'interviewer-participant' as const,
        bom: false,
      };
      await expect(service.run({ ...run, redact: true })).rejects.toMatchObject({ code: 'redaction_unavailable' });
      await expect(service.redactor('w', 'p', true)).rejects.toMatchObject({ code: 'redaction_unavailable' });
      expect(await service.redactor('w', 'p', false)).toBe(NO_REDACTION);
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
