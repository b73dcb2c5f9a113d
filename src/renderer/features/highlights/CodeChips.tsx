/** A segment's codes as chips with their colours; nothing when it has none. Shared by highlight cards and reel clips. */
export function CodeChips({ codes }: { codes: { id: string; name: string; color: string }[] }) {
  if (codes.length === 0) return null;
  return (
    <ul className="hl-tag-list" aria-label="Codes">
      {codes.map((c) => (
        <li key={c.id} className="hl-chip">
          <span className="code-dot" style={{ background: c.color }} aria-hidden="true" />
          {c.name}
        </li>
      ))}
    </ul>
  );
}
