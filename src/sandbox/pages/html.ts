/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function chatPage(args: { title: string; projectId: string; interviewId: string; embedded: boolean; modes: string[] }): string {
  const { title, projectId, interviewId, embedded, modes } = args;
  const modeNote =
    modes.length === 1 && modes[0] === 'chat'
      ? 'This interview is a text chat.'
      : `This study offers ${modes.join(', ')}. The sandbox runs every interview as a text chat.`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · Interview</title>
<link rel="stylesheet" href="/call/assets/chat.css">
<script src="/call/assets/chat.js" defer></script>
</head>
<body data-project-id="${escapeHtml(projectId)}" data-interview-id="${escapeHtml(interviewId)}" data-embedded="${embedded ? '1' : '0'}">
<main class="shell">
  <header><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(modeNote)}</p></header>
  <section id="welcome" class="card">
    <form id="start-form">
      <label for="name">Your name</label>
      <input id="name" name="name" autocomplete="name" required maxlength="120">
      <label for="email">Your email <span class="muted">(optional)</span></label>
      <input id="email" name="email" type="email" autocomplete="email" maxlength="200">
      <button type="submit" id="start">Start interview</button>
      <p id="start-error" class="error" role="alert"></p>
    </form>
  </section>
  <section id="chat" class="card" hidden>
    <ol id="messages" aria-live="polite" aria-label="Conversation"></ol>
    <div id="options" class="options"></div>
    <form id="reply-form">
      <label for="reply" class="visually-hidden">Your answer</label>
      <textarea id="reply" rows="3" placeholder="Type your answer…" maxlength="4000"></textarea>
      <div class="row">
        <button type="button" id="leave" class="secondary">Leave interview</button>
        <button type="submit" id="send">Send</button>
      </div>
      <p id="reply-error" class="error" role="alert"></p>
    </form>
  </section>
  <section id="done" class="card" hidden>
    <h2>Thank you</h2>
    <p id="done-text"></p>
    <p class="muted">You can close this window.</p>
  </section>
</main>
</body>
</html>`;
}

export function notice(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/call/assets/chat.css"></head>
<body><main class="shell"><section class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></section></main></body></html>`;
}
