/**
 * `npm run stack` (serve) and `npm run db:reset` (reset). DATABASE_URL selects PostgreSQL;
 * otherwise PGlite in supabase/local/.data/pglite (or STACK_DATA_DIR). STACK_PORT overrides
 * config.toml's [api] port.
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { configValue } from './config.ts';
import { applyCors, refuseForeignHost } from './cors.ts';
import { MigrationError } from './migrate/index.ts';
import { DEFAULT_DATA_DIR, createStack } from './server.ts';
import { resetPostgres } from './reset.ts';

const log = (line: string) => console.log(line);

// STACK_DATA_DIR moves the PGlite folder, STACK_MIGRATIONS_DIR the migrations (tests).
const dataDir = process.env.STACK_DATA_DIR || DEFAULT_DATA_DIR;
const migrationsDir = process.env.STACK_MIGRATIONS_DIR ? { migrationsDir: process.env.STACK_MIGRATIONS_DIR } : {};

async function serve(): Promise<void> {
  const stack = await createStack({ ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}), dataDir, ...migrationsDir, log });
  const port = Number(process.env.STACK_PORT ?? configValue(stack.config, 'api', 'port') ?? 54321);
  const host = '127.0.0.1';
  const server = createServer((req, res) => {
    if (refuseForeignHost(req, res) || applyCors(req, res, stack.urls)) return;
    stack.handle(req, res);
  });
  // /realtime/v1/websocket; any other upgrade is refused.
  server.on('upgrade', (req, socket, head) => {
    if (!stack.upgrade(req, socket, head)) socket.destroy();
  });
  server.listen(port, host, () => {
    stack.setPublicUrl(`http://${host}:${port}`);
    // The lines `supabase status` prints, so tools and people can copy them.
    console.log(`API URL: http://${host}:${port}`);
    console.log(`DB engine: ${stack.engineLabel}`);
    console.log(`anon key: ${stack.keys.anonKey}`);
    console.log(`service_role key: ${stack.keys.serviceRoleKey}`);
  });
  const stop = () => {
    server.close();
    void stack.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function reset(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) await resetPostgres(databaseUrl);
  else rmSync(dataDir, { recursive: true, force: true });
  const stack = await createStack({ ...(databaseUrl ? { databaseUrl } : {}), dataDir, ...migrationsDir, log });
  console.log(`Finished db reset on ${stack.engineLabel}.`);
  await stack.close();
}

const command = process.argv[2] ?? 'serve';
const commands: Record<string, () => Promise<void>> = { serve, reset };
const run = commands[command];
if (!run) {
  console.error(`Unknown command "${command}". Use: serve | reset`);
  process.exit(2);
}
run().catch((error: unknown) => {
  if (error instanceof MigrationError) {
    console.error(`Error: migration failed in ${error.file} at line ${error.line}:\n${error.pgMessage}${error.code ? ` (SQLSTATE ${error.code})` : ''}`);
  } else console.error(error);
  process.exit(1);
});
