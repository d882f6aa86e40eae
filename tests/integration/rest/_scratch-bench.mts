import { createServer } from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import { createStack } from '../../../supabase/local/server.ts';

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:55499/postgres' });
await admin.connect();
await admin.query('drop database if exists restbench with (force)');
await admin.query('create database restbench');
await admin.end();
const stack = await createStack({ databaseUrl: 'postgres://postgres@127.0.0.1:55499/restbench', poolSize: 10, migrationsDir: '/tmp/restbench/none', seedFile: '/tmp/restbench/none.sql' });
await stack.db.exec(`create table public.notes (id int primary key, owner uuid not null, body text);
alter table public.notes enable row level security;
create policy "own" on public.notes for select to authenticated using (owner = (select auth.uid()));
insert into public.notes select g, '00000000-0000-4000-8000-00000000000a', 'note ' || g from generate_series(1, 1000) g;`);
await stack.rest.reloadSchema();
const server = createServer((req, res) => stack.handle(req, res));
await new Promise<void>((r) => server.listen(54999, '127.0.0.1', () => r()));
const now = Math.floor(Date.now() / 1000);
const token = await stack.keys.signAccessToken({ role: 'authenticated', sub: '00000000-0000-4000-8000-00000000000a', aud: 'authenticated', exp: now + 3600, iat: now });
const result = await autocannon({
  url: 'http://127.0.0.1:54999/rest/v1/notes?id=eq.42&select=*',
  connections: 50, duration: 10,
  headers: { apikey: stack.keys.anonKey, authorization: `Bearer ${token}` },
});
console.log('req/s', result.requests.average, 'p99', result.latency.p99, 'non2xx', result.non2xx, 'errors', result.errors);
server.close();
await stack.close();
