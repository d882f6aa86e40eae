// Build-time database snapshots, as a Vite plugin (runs in Node, from vite.config.ts). The first
// import of `virtual:db-snapshot/<name>` starts the local stack on a fresh in-memory PGlite with the
// migrations and supabase/seed.sql, reads every query of ./queries.ts through its REST API as anon,
// closes it and serves each answer as a JSON module. The answers are kept for the whole process, so
// the client build, the prerender's server build and every test file share one read.
//
// SNAPSHOT_SUPABASE_URL and SNAPSHOT_SUPABASE_ANON_KEY take the snapshot from a real project
// instead (a production build of the hosted site prerenders what that project publishes).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Plugin } from 'vite';
import { SNAPSHOT_QUERIES } from './queries.ts';

const PREFIX = 'virtual:db-snapshot/';
// Rollup's convention: a leading \0 keeps other plugins (and the file system) away from the id.
const RESOLVED = `\0${PREFIX}`;

type Snapshots = ReadonlyMap<string, unknown>;

async function readAll(base: string, anonKey: string): Promise<Snapshots> {
  const entries = await Promise.all(
    Object.entries(SNAPSHOT_QUERIES).map(async ([name, url]) => {
      const response = await fetch(url(base), { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, accept: 'application/json' } });
      if (!response.ok) throw new Error(`Database snapshot "${name}": HTTP ${response.status} ${await response.text()}`);
      return [name, await response.json()] as const;
    }),
  );
  return new Map(entries);
}

async function fromSeededStack(): Promise<Snapshots> {
  // Imported lazily: only a build that uses a snapshot loads PGlite.
  const { createStack } = await import('../../../supabase/local/server.ts');
  const stack = await createStack({ inMemory: true });
  const server = createServer((req, res) => stack.handle(req, res));
  try {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return await readAll(`http://127.0.0.1:${port}`, stack.keys.anonKey);
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await stack.close();
  }
}

let snapshots: Promise<Snapshots> | undefined;

function load(): Promise<Snapshots> {
  const url = process.env.SNAPSHOT_SUPABASE_URL;
  const anonKey = process.env.SNAPSHOT_SUPABASE_ANON_KEY;
  snapshots ??= url && anonKey ? readAll(url.replace(/\/+$/, ''), anonKey) : fromSeededStack();
  return snapshots;
}

export function dbSnapshot(): Plugin {
  return {
    name: 'garage:db-snapshot',
    // Filters let the bundler skip this plugin for every other module.
    resolveId: {
      filter: { id: /^virtual:db-snapshot\// },
      handler: (id) => `\0${id}`,
    },
    load: {
      filter: { id: /^\0virtual:db-snapshot\// },
      async handler(id) {
        const name = id.slice(RESOLVED.length);
        if (!(name in SNAPSHOT_QUERIES)) throw new Error(`Unknown database snapshot "${name}" (see src/app/snapshot/queries.ts)`);
        return `export default ${JSON.stringify((await load()).get(name))};`;
      },
    },
  };
}
