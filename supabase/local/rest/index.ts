import type { Handler, StackContext } from '../contracts.ts';

/** /rest/v1, PostgREST-compatible. Placeholder: the REST work replaces it. */
export function createRest(_ctx: StackContext): { handler: Handler; reloadSchema(): Promise<void> } {
  return {
    handler: async (_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'PGRST125', message: 'Invalid path specified in request URL', details: null, hint: null }));
    },
    reloadSchema: async () => {},
  };
}
