import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { createStack } from '../../../supabase/local/server.ts';
import { persistentDatabase } from '../support/databases.ts';
import { describeEngines } from '../support/stack.ts';

const run = promisify(execFile);

describeEngines('npm run db:reset', (engine) => {
  // A whole reset: every migration and the seed in a child process (about 30 s on PGlite when the machine is busy).
  it('wipes the database, re-applies the platform and migrations, and seeds again', async () => {
    const database = await persistentDatabase(engine);
    try {
      const stack = await createStack(database.options);
      await stack.db.exec(`create table public.leftover (id int); insert into auth.users (id) values (gen_random_uuid());`);
      const kid = stack.keys.jwks().keys[0]?.kid;
      await stack.close();

      const env: NodeJS.ProcessEnv = { ...process.env };
      if (database.options.databaseUrl) env.DATABASE_URL = database.options.databaseUrl;
      else {
        env.STACK_DATA_DIR = database.options.dataDir;
        delete env.DATABASE_URL;
      }
      const { stdout } = await run('npm', ['run', '--silent', 'db:reset'], { env });
      expect(stdout).toMatch(/Finished db reset on (PGlite|PostgreSQL)/);
      expect(stdout).toContain('Seeding data from seed.sql');

      const after = await createStack(database.options);
      try {
        const { rows } = await after.db.query<Record<string, unknown>>(`select
          to_regclass('public.leftover') as leftover,
          (select count(*)::int from auth.users where email is null) as users,
          (select count(*)::int from auth.users where email = 'admin@example.com') as seeded_admin,
          to_regclass('supabase_migrations.schema_migrations') is not null as history`);
        // The leftover user is gone and the seed ran again on the fresh database.
        expect(rows[0]).toEqual({ leftover: null, users: 0, seeded_admin: 1, history: true });
        // A reset database gets a new signing key: old sessions end, as after `supabase db reset`.
        expect(after.keys.jwks().keys[0]?.kid).not.toBe(kid);
        expect(after.migration.fresh).toBe(false);
      } finally {
        await after.close();
      }
    } finally {
      await database.cleanup();
    }
  }, 180_000);
});
