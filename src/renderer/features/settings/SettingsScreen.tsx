export function SettingsScreen() {
  return <p className="empty">Settings are not built yet.</p>;
}
