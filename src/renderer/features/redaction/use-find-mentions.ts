import { useMentions } from './review-extras-store';
import { useRedaction } from './store';

/** Opens "Find every mention" for a term, in the study the view shows. */
export function useFindMentions() {
  const key = useRedaction((s) => s.key);
  const find = useMentions((s) => s.find);
  return (text: string) => {
    if (key) void find(key, text);
  };
}
