import { Dialog } from '../components/Dialog';

const ROWS: [string, string][] = [
  ['Ctrl/⌘ K', 'Search'],
  ['Ctrl/⌘ N', 'New study'],
  ['Ctrl/⌘ R', 'Sync now'],
  ['Ctrl/⌘ E', 'Export'],
  ['Ctrl/⌘ ,', 'Settings'],
  ['Space', 'Player: play or pause (wherever focus is, except a text field)'],
  ['J / K / L', 'Player: back, pause, forward'],
  ['← / →', 'Player: back or forward 5 s'],
  ['[ / ]', 'Player: slower or faster'],
  ['C (or H)', 'Viewer: code the selected words (the code picker: type to find or create, 1–9 the most used, Enter applies, Esc cancels)'],
  ['Shift N / Shift P', 'Viewer: next or previous interview in the list'],
  ['?', 'This list'],
];

export function ShortcutSheet({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose}>
      <table className="table shortcut-table" aria-label="Keyboard shortcuts">
        <tbody>
          {ROWS.map(([k, v]) => (
            <tr key={k}>
              <th scope="row">
                <kbd className="kbd">{k}</kbd>
              </th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
