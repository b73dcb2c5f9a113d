import type { TabProps } from '../interviews/InterviewsTab';

/** Agreement between two coders, per code. */
export function AgreementView({ project }: TabProps) {
  return <p className="muted">Not built yet for {project.title}.</p>;
}
