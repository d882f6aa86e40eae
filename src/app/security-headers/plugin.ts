// Sends src/app/security-headers/headers.ts's headers from `vite` and `vite preview`, and writes them as the
// `_headers` file of a build for static hosting. Preview serves exactly that file's headers, so
// what the end-to-end tests see is what production hosting is given.
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import type { Connect, Plugin, ResolvedConfig } from 'vite';
import { headersFile, inlineScriptHashes, parseHeadersFile, securityHeaders, supabaseConnectSources } from './headers.ts';

export const HEADERS_FILE = '_headers';
/** Where `vite` and `vite preview` take CSP violation reports; they are logged, never stored. */
const REPORT_PATH = '/__csp-report';

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** The headers for a built app: every inline script of every page hashed. */
async function headersForOutDir(outDir: string, env: Record<string, string | undefined>): Promise<Record<string, string>> {
  const hashes = (await Promise.all((await htmlFiles(outDir)).map(async (file) => inlineScriptHashes(await readFile(file, 'utf8'))))).flat();
  return securityHeaders({ scriptHashes: hashes, connectSources: supabaseConnectSources(env) });
}

/** Locally, violations are reported to the server log, so a test run shows any page the CSP breaks. */
const withReports = (headers: Record<string, string>) => ({
  ...headers,
  'Content-Security-Policy': `${headers['Content-Security-Policy']}; report-uri ${REPORT_PATH}`,
});

function reportSink(logger: ResolvedConfig['logger']): Connect.NextHandleFunction {
  return (req, res, next) => {
    if (req.method !== 'POST' || req.url !== REPORT_PATH) return next();
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body = (body + chunk).slice(0, 16_384)));
    req.on('end', () => {
      try {
        const report = (JSON.parse(body) as { 'csp-report'?: Record<string, unknown> })['csp-report'] ?? {};
        logger.error(`[csp] ${String(report['violated-directive'])} blocked ${String(report['blocked-uri'])} on ${String(report['document-uri'])}`);
      } catch {
        logger.error('[csp] unreadable violation report');
      }
      res.writeHead(204).end();
    });
  };
}

const setAll = (res: ServerResponse, headers: Record<string, string>) => {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
};

/**
 * Dev pages are transformed on request (Vite adds its React Refresh preamble, an inline script):
 * an HTML response's CSP gets the hashes of the scripts in the very body it sends.
 */
function devHeaders(env: Record<string, string | undefined>): Connect.NextHandleFunction {
  const connectSources = supabaseConnectSources(env);
  const forHtml = (html: string) => withReports(securityHeaders({ scriptHashes: inlineScriptHashes(html), connectSources }));
  const base = forHtml('');
  return (_req: IncomingMessage, res: ServerResponse, next) => {
    setAll(res, base);
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      const [chunk] = args;
      const type = String(res.getHeader('content-type') ?? '');
      if (!res.headersSent && type.startsWith('text/html') && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
        setAll(res, forHtml(chunk.toString()));
      }
      return end(...args);
    }) as ServerResponse['end'];
    next();
  };
}

export function securityHeadersPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'garage:security-headers',
    configResolved(resolved) {
      config = resolved;
    },
    // After the prerender (closeBundle 'pre'), which writes the pages and their boot scripts.
    closeBundle: {
      sequential: true,
      async handler(error) {
        if (error || config.command !== 'build' || config.build.ssr) return;
        const outDir = resolve(config.root, config.build.outDir);
        await writeFile(join(outDir, HEADERS_FILE), headersFile(await headersForOutDir(outDir, config.env)));
      },
    },
    configureServer(server) {
      server.middlewares.use(reportSink(config.logger));
      server.middlewares.use(devHeaders(config.env));
    },
    async configurePreviewServer(server) {
      const outDir = resolve(config.root, config.build.outDir);
      const file = join(outDir, HEADERS_FILE);
      // A build from before this plugin has no file; its pages are hashed the same way.
      const headers = existsSync(file) ? parseHeadersFile(await readFile(file, 'utf8')) : await headersForOutDir(outDir, config.env);
      server.middlewares.use(reportSink(config.logger));
      server.middlewares.use((_req, res, next) => {
        setAll(res, withReports(headers));
        next();
      });
    },
  };
}
