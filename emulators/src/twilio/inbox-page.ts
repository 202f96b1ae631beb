/**
 * The dev SMS inbox: a page the Twilio emulator serves at its root, listing every text it was
 * asked to send, newest first, with the login code set large and its delivery state (queued,
 * sent, delivered, or undelivered / failed with the error code), and the customers' replies. It
 * reads /_emulator/messages from the same origin and refreshes itself, so whoever runs
 * `npm run dev` can sign in to the portal without a phone; its reply form texts our number as a
 * customer would, through /_emulator/inbound: any words reach the staff thread of the customer
 * with that phone (STOP, START and HELP do what they do). Development tooling only: the emulator
 * never runs in production.
 */
export const INBOX_PATHS: ReadonlySet<string> = new Set(['/', '/inbox']);

const SCRIPT = String.raw`
const list = document.getElementById('messages');
const empty = document.getElementById('empty');
const filter = document.getElementById('to');
const status = document.getElementById('status');
const CODE = /\b\d{6}\b/;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function deliveryText(m) {
  const error = m.error_code ? ' (' + m.error_code + (m.error_message ? ' ' + m.error_message : '') + ')' : '';
  return 'Delivery: ' + m.status + error;
}

function render(messages) {
  list.replaceChildren();
  empty.hidden = messages.length > 0;
  for (const m of messages) {
    const item = el('li', 'message');
    const head = el('p', 'meta');
    const when = new Date(m.date_created);
    const inbound = m.direction === 'inbound';
    item.dataset.direction = m.direction;
    const who = inbound ? 'From ' + m.from + ' (customer reply)' : 'To ' + m.to + (m.direction === 'outbound-reply' ? ' (answer to a reply)' : '');
    head.append(el('strong', '', who), document.createTextNode(' · ' + when.toLocaleString() + ' · ' + m.sid));
    item.append(head);
    if (!inbound) {
      const state = el('p', 'state', deliveryText(m));
      state.dataset.status = m.status;
      item.append(state);
    }
    const code = CODE.exec(m.body);
    if (code) {
      const row = el('p', 'code-row');
      const value = el('span', 'code', code[0]);
      value.setAttribute('aria-label', 'Login code ' + code[0].split('').join(' '));
      const copy = el('button', '', 'Copy');
      copy.type = 'button';
      copy.addEventListener('click', () => {
        navigator.clipboard?.writeText(code[0]).then(() => { copy.textContent = 'Copied'; }, () => {});
      });
      row.append(value, copy);
      item.append(row);
    }
    item.append(el('p', 'body', m.body));
    list.append(item);
  }
}

async function refresh() {
  const to = filter.value.trim();
  try {
    const response = await fetch('/_emulator/messages' + (to ? '?phone=' + encodeURIComponent(to) : ''));
    const { messages } = await response.json();
    render(messages);
    status.textContent = 'Updated ' + new Date().toLocaleTimeString();
  } catch (error) {
    status.textContent = 'Could not read the messages: ' + error;
  }
}

filter.addEventListener('input', () => void refresh());
document.getElementById('reply').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget;
  const outcome = document.getElementById('reply-outcome');
  const response = await fetch('/_emulator/inbound', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: form.elements.from.value.trim(), body: form.elements.body.value }),
  });
  const answer = await response.json();
  outcome.textContent = response.ok
    ? 'Sent. ' + (answer.webhook ? 'The api answered ' + (answer.webhook.status ?? answer.webhook.error) + '. ' : '') + answer.replies.length + ' repl' + (answer.replies.length === 1 ? 'y' : 'ies') + ' sent back.'
    : 'Refused: ' + (answer.detail || answer.error);
  void refresh();
});
document.getElementById('clear').addEventListener('click', async () => {
  if (!confirm('Forget every message (and any injected fault) in the emulator?')) return;
  await fetch('/_emulator/reset', { method: 'POST' });
  void refresh();
});
void refresh();
setInterval(refresh, 2000);
`;

export const INBOX_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev SMS inbox</title>
<link rel="icon" href="data:,">
<style>
  body { margin: 0; font-family: system-ui, sans-serif; color: #1c2530; background: #f4f7f6; }
  main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  h1 { margin: 0 0 0.25rem; font-size: 1.5rem; }
  .lead, .meta, #status { color: #51606c; font-size: 0.9rem; }
  .tools { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; margin: 1rem 0; }
  label { display: grid; gap: 0.25rem; font-weight: 600; font-size: 0.9rem; }
  input, button { font: inherit; padding: 0.45rem 0.7rem; border-radius: 0.5rem; border: 1px solid #7b8891; background: #fff; }
  button { cursor: pointer; }
  ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.75rem; }
  .message[data-direction="inbound"] { background: #eef5f6; border-style: dashed; }
  fieldset { border: 1px solid #d5dfe2; border-radius: 0.75rem; padding: 0.75rem 1rem; display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; }
  legend { font-weight: 600; }
  .message { background: #fff; border: 1px solid #d5dfe2; border-radius: 0.75rem; padding: 0.75rem 1rem; }
  .message p { margin: 0.25rem 0; }
  .code-row { display: flex; align-items: center; gap: 0.75rem; }
  .code { font: 700 2rem/1.2 ui-monospace, SFMono-Regular, Menlo, monospace; letter-spacing: 0.2em; color: #0f5e6e; }
  .body { white-space: pre-wrap; }
  .state { font-size: 0.9rem; font-weight: 600; color: #51606c; }
  .state[data-status="delivered"] { color: #1d6b3a; }
  .state[data-status="undelivered"], .state[data-status="failed"] { color: #a32020; }
</style>
</head>
<body>
<main>
  <h1>Dev SMS inbox</h1>
  <p class="lead">Texts the Twilio emulator received, newest first. Login codes are shown large. Nothing here reaches a real phone.</p>
  <div class="tools">
    <label>Filter by phone <input id="to" type="tel" placeholder="+14045550123" autocomplete="off"></label>
    <button id="clear" type="button">Clear all</button>
    <span id="status" role="status"></span>
  </div>
  <form id="reply">
    <fieldset>
      <legend>Reply as a customer</legend>
      <label>From phone <input name="from" type="tel" placeholder="+14045550123" required autocomplete="off"></label>
      <label>Text <input name="body" value="Can she come at 10 instead?" required autocomplete="off"></label>
      <button type="submit">Send to our number</button>
      <span id="reply-outcome" role="status"></span>
    </fieldset>
  </form>
  <p class="lead">A reply shows in the staff area (the customer's page, and the today board until someone answers); STOP, START and HELP opt out, back in, or get our help text.</p>
  <p id="empty" hidden>No messages yet. Request a login code on the website's /login page.</p>
  <ol id="messages" aria-label="Messages"></ol>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
