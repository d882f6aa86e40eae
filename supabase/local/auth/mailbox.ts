import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Db, Handler } from '../contracts.ts';
import { sendJson } from './http.ts';

interface MessageRow { id: string | number; to_address: string; subject: string; body_text: string; links: string[]; created_at: Date }

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Only http(s) links become clickable; anything else is shown as text. */
const safeHref = (u: string) => (/^https?:\/\//i.test(u) ? u : null);

function page(rows: MessageRow[], to: string | null): string {
  const items = rows.map((m) => {
    const links = (m.links ?? []).map((l) => {
      const href = safeHref(l);
      return href ? `<li><a href="${escapeHtml(href)}">${escapeHtml(l)}</a></li>` : `<li>${escapeHtml(l)}</li>`;
    });
    return `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to_address)} · ${escapeHtml(new Date(m.created_at).toISOString())}</p>
<pre>${escapeHtml(m.body_text)}</pre>${links.length ? `<ul>${links.join('')}</ul>` : ''}</article>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#555}</style></head>
<body><h1>Local mailbox${to ? ` for ${escapeHtml(to)}` : ''}</h1>
<p>E-mails sent by the local auth server (newest first). Nothing here leaves this machine.</p>
${items.length ? items.join('\n') : '<p>No messages yet.</p>'}</body></html>`;
}

/** GET /mailbox (HTML) and GET /mailbox/api/messages?to=… (JSON, for tests). */
export function createMailbox(db: Db): Handler {
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { message: 'Method not allowed' });
      const to = url.searchParams.get('to')?.slice(0, 320) || null;
      const rows = await db.query<MessageRow>(
        `select id, to_address, subject, body_text, links, created_at from _local.mailbox
         where $1::text is null or lower(to_address) = lower($1) order by id desc limit 200`,
        [to],
      );
      const path = url.pathname.replace(/\/+$/, '');
      if (path === '/api/messages') {
        return sendJson(res, 200, {
          messages: rows.rows.map((m) => ({
            id: Number(m.id), to: m.to_address, subject: m.subject, text: m.body_text, links: m.links ?? [],
            created_at: new Date(m.created_at).toISOString(),
          })),
        });
      }
      if (path === '' || path === '/') {
        const html = page(rows.rows, to);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" });
        return void res.end(html);
      }
      sendJson(res, 404, { message: 'Not found' });
    } catch {
      if (!res.headersSent) sendJson(res, 500, { message: 'Mailbox unavailable' });
    }
  };
}
