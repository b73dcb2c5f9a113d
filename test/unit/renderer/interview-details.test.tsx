import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { InterviewDetail } from '../../../src/shared/views';
import { InterviewDetails } from '../../../src/renderer/features/viewer/details/InterviewDetails';

const base: InterviewDetail = {
  id: 'i1',
  project_id: 'p1',
  code: 'P01',
  status: 'COMPLETE',
  completed_at: '2026-11-20T10:00:00Z',
  duration_minutes: 12,
  participant_name: 'Ana Silva',
  participant_email: 'ana@example.com',
  screener_approved: true,
  detail_state: 'complete',
  turn_count: 0,
  has_video: true,
  participant: {
    name: 'Ana Silva',
    email: 'ana@example.com',
    fields: { name: 'Ana Silva', email: 'ana@example.com', plan: 'Family', tenure_months: 14, churned: false, 'Favourite Recipe': '<script>alert(1)</script>' },
  },
  screener: {
    approved: true,
    items: [
      { id: 'q1', text: 'Did you cancel in the last 6 months?', answer: 'Yes' },
      { id: 'q2', text: 'How many people do you cook for?', answer: null },
    ],
  },
  transcript: [],
  thumbnail_url: null,
  offline: false,
};

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('InterviewDetails', () => {
  it('shows name, email and every custom field once, values as text', () => {
    const html = renderToStaticMarkup(<InterviewDetails interview={base} />);
    const t = text(html);
    expect(t).toContain('Name Ana Silva');
    expect(t).toContain('Email ana@example.com');
    expect(t).toContain('Plan Family');
    expect(t).toContain('Tenure months 14');
    expect(t).toContain('Churned No');
    expect(t).toContain('Favourite recipe');
    // Name and email are not listed a second time as custom fields.
    expect(t.match(/Ana Silva/g)).toHaveLength(1);
    // Markup from the service is escaped, never rendered.
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('shows the screener questions with answers and the approval in words', () => {
    const t = text(renderToStaticMarkup(<InterviewDetails interview={base} />));
    expect(t).toContain('Passed screener');
    expect(t).toContain('Did you cancel in the last 6 months? Yes');
    expect(t).toContain('How many people do you cook for? No answer');
    const failed = text(
      renderToStaticMarkup(<InterviewDetails interview={{ ...base, screener_approved: false, screener: { ...base.screener!, approved: false } }} />),
    );
    expect(failed).toContain('Failed screener');
    expect(failed).not.toContain('Passed screener');
  });

  it('has empty states for a study without a screener and a participant without details', () => {
    const t = text(
      renderToStaticMarkup(
        <InterviewDetails
          interview={{ ...base, screener: null, screener_approved: null, participant: null, participant_name: null, participant_email: null }}
        />,
      ),
    );
    expect(t).toContain('No screener for this study.');
    expect(t).toContain('No participant details were recorded for this interview.');
  });
});
