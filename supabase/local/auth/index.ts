import type { Handler, StackContext } from '../contracts.ts';

/** /auth/v1, GoTrue-compatible, and the local mailbox. Placeholder: the auth work replaces it. */
export function createAuth(_ctx: StackContext): { handler: Handler; mailbox: Handler } {
  const notFound: Handler = async (_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 404, error_code: 'not_found', msg: 'Not found' }));
  };
  return { handler: notFound, mailbox: notFound };
}
