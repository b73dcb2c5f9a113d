/** The participant's chat page: plain DOM, text only (never innerHTML), talking to /call/api. */
export const CHAT_JS = `'use strict';
(function () {
  var body = document.body;
  var projectId = body.dataset.projectId;
  var interviewId = body.dataset.interviewId;
  var token = null;
  var $ = function (id) { return document.getElementById(id); };

  function post(path, payload) {
    return fetch('/call/api/' + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload || {})
    }).then(function (res) {
      return res.json().then(function (data) {
        if (!res.ok) throw new Error((data && data.error && data.error.message) || 'Something went wrong. Please try again.');
        return data;
      });
    });
  }

  function add(role, text) {
    var li = document.createElement('li');
    li.className = role === 'AI' ? 'ai' : 'user';
    var who = document.createElement('span');
    who.className = 'who';
    who.textContent = role === 'AI' ? 'Interviewer' : 'You';
    var p = document.createElement('p');
    p.textContent = text;
    li.appendChild(who);
    li.appendChild(p);
    $('messages').appendChild(li);
    li.scrollIntoView({ block: 'end' });
  }

  function show(messages) {
    var options = $('options');
    options.textContent = '';
    messages.forEach(function (m) {
      add('AI', m.text);
      (m.options || []).forEach(function (o) {
        var b = document.createElement('button');
        b.type = 'button';
        b.className = 'secondary';
        b.textContent = o;
        b.addEventListener('click', function () { send(o); });
        options.appendChild(b);
      });
    });
  }

  function finish(text) {
    $('chat').hidden = true;
    $('done').hidden = false;
    $('done-text').textContent = text || 'Your interview is complete.';
  }

  function send(text) {
    if (!text.trim()) return;
    $('send').disabled = true;
    $('reply-error').textContent = '';
    add('User', text);
    $('reply').value = '';
    post('sessions/' + token + '/messages', { text: text }).then(function (r) {
      show(r.messages);
      if (r.done) finish(r.messages.length ? r.messages[r.messages.length - 1].text : '');
    }).catch(function (e) { $('reply-error').textContent = e.message; })
      .then(function () { $('send').disabled = false; $('reply').focus(); });
  }

  $('start-form').addEventListener('submit', function (ev) {
    ev.preventDefault();
    $('start').disabled = true;
    $('start-error').textContent = '';
    post('sessions', { project_id: projectId, interview_id: interviewId, name: $('name').value, email: $('email').value, embedded: body.dataset.embedded === '1' })
      .then(function (r) {
        token = r.token;
        $('welcome').hidden = true;
        $('chat').hidden = false;
        show(r.messages);
        $('reply').focus();
      })
      .catch(function (e) { $('start-error').textContent = e.message; $('start').disabled = false; });
  });
  $('reply-form').addEventListener('submit', function (ev) { ev.preventDefault(); send($('reply').value); });
  $('reply').addEventListener('keydown', function (ev) {
    if (ev.key === 'Enter' && !ev.shiftKey) { ev.preventDefault(); send($('reply').value); }
  });
  $('leave').addEventListener('click', function () {
    post('sessions/' + token + '/leave').then(function () { finish('You left the interview. Thank you for your time.'); });
  });
})();
`;

export const CHAT_CSS = `:root { color-scheme: light dark; --bg: #f6f7f9; --card: #fff; --text: #1c2024; --muted: #5b636e; --accent: #3b5bdb; --line: #dfe3e8; }
@media (prefers-color-scheme: dark) { :root { --bg: #15171a; --card: #1d2024; --text: #e8eaed; --muted: #a0a7b1; --accent: #8ea2f2; --line: #30353b; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--text); }
.shell { max-width: 640px; margin: 0 auto; padding: 24px 16px; }
h1 { font-size: 22px; margin: 0 0 4px; }
.muted { color: var(--muted); }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 16px; margin-top: 16px; }
label { display: block; margin: 12px 0 4px; font-weight: 600; }
input, textarea { width: 100%; font: inherit; padding: 8px; border: 1px solid var(--line); border-radius: 6px; background: transparent; color: inherit; }
button { font: inherit; padding: 8px 16px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; margin-top: 12px; }
button.secondary { background: transparent; color: var(--accent); }
button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
#messages { list-style: none; padding: 0; margin: 0; max-height: 55vh; overflow: auto; }
#messages li { margin: 8px 0; padding: 8px 12px; border-radius: 10px; max-width: 85%; }
#messages li.ai { background: var(--bg); }
#messages li.user { background: var(--accent); color: #fff; margin-left: auto; }
#messages .who { font-size: 12px; opacity: .8; }
#messages p { margin: 0; white-space: pre-wrap; }
.options { display: flex; gap: 8px; flex-wrap: wrap; }
.row { display: flex; justify-content: space-between; }
.error { color: #c92a2a; min-height: 1em; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

/** The embed widget the script snippets load: an inline iframe, or a launcher opening an overlay. */
export const WIDGET_JS = `'use strict';
(function () {
  var script = document.currentScript;
  if (!script) return;
  var base = new URL(script.src).origin;
  var d = script.dataset;
  var src = base + '/call/embed/' + encodeURIComponent(d.interviewId) + '/' + encodeURIComponent(d.projectId);
  function frame() {
    var f = document.createElement('iframe');
    f.src = src;
    f.title = 'Research interview';
    f.allow = 'camera; microphone; autoplay; clipboard-write';
    f.style.cssText = 'border:0;width:100%;height:100%;min-height:560px;background:#fff;border-radius:10px';
    return f;
  }
  if (d.mode === 'inline') {
    var target = d.target ? document.querySelector(d.target) : null;
    (target || script.parentNode).appendChild(frame());
    return;
  }
  var button = document.createElement('button');
  button.type = 'button';
  button.textContent = d.launcherText || 'Start interview';
  button.style.cssText = 'position:fixed;right:24px;bottom:24px;z-index:2147483646;padding:12px 18px;border-radius:24px;border:0;background:#3b5bdb;color:#fff;font:600 15px system-ui;cursor:pointer';
  button.addEventListener('click', function () {
    var backdrop = document.createElement('div');
    backdrop.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.45);z-index:2147483647;display:flex';
    var panel = document.createElement('div');
    panel.style.cssText = d.mode === 'overlay-dock-right'
      ? 'margin-left:auto;width:min(420px,100%);height:100%;background:#fff;display:flex;flex-direction:column'
      : 'margin:auto;width:min(640px,94vw);height:min(720px,90vh);background:#fff;border-radius:10px;display:flex;flex-direction:column';
    var close = document.createElement('button');
    close.type = 'button';
    close.textContent = 'Close';
    close.style.cssText = 'align-self:flex-end;margin:8px;padding:6px 12px';
    close.addEventListener('click', function () { backdrop.remove(); });
    panel.appendChild(close);
    panel.appendChild(frame());
    backdrop.appendChild(panel);
    document.body.appendChild(backdrop);
  });
  document.body.appendChild(button);
})();
`;
