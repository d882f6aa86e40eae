import { afterEach, expect, it } from 'vitest';
import { MigrationError } from '../../../supabase/local/migrate/index.ts';
import { createStack } from '../../../supabase/local/server.ts';
import { persistentDatabase, tempSqlDir } from '../support/databases.ts';
import { describeEngines } from '../support/stack.ts';

const FIRST = `-- Lists.
create table public.lists (
  id int primary key,
  title text not null
);
insert into public.lists values (1, 'from migration; with a semicolon');`;

const SECOND = `create function public.list_count() returns int
language sql stable
set search_path = ''
as $$ select count(*)::int from public.lists; $$;
alter table public.lists add column done boolean not null default false;`;

const BROKEN = `create table public.ok_before (id int);

-- the next statement fails on its third line
create table public.broken (
  id int primary key,
  list_id int references public.no_such_table (id)
);
`;

describeEngines('migrations and seed', (engine) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function setup(files: Record<string, string>, seed = "insert into public.lists values (100, 'seeded');") {
    const database = await persistentDatabase(engine);
    const migrations = tempSqlDir(files);
    const seedDir = tempSqlDir({ 'seed.sql': seed });
    cleanups.push(database.cleanup, migrations.cleanup, seedDir.cleanup);
    return { ...database.options, migrationsDir: migrations.dir, seedFile: `${seedDir.dir}/seed.sql` };
  }

  it('applies migrations in file-name order, records them like the CLI, seeds once', async () => {
    // Written out of order on purpose: the runner must sort by name.
    const options = await setup({ '20240102000000_second.sql': SECOND, '20240101000000_first.sql': FIRST, 'notes.txt': 'ignored' });
    const stack = await createStack(options);
    try {
      expect(stack.migration).toEqual({
        fresh: true,
        applied: ['20240101000000_first.sql', '20240102000000_second.sql'],
        seeded: true,
      });
      const history = await stack.db.query<{ version: string; name: string; statements: string[] }>(
        'select version, name, statements from supabase_migrations.schema_migrations order by version',
      );
      expect(history.rows).toEqual([
        {
          version: '20240101000000',
          name: 'first',
          statements: [
            '-- Lists.\ncreate table public.lists (\n  id int primary key,\n  title text not null\n)',
            "insert into public.lists values (1, 'from migration; with a semicolon')",
          ],
        },
        {
          version: '20240102000000',
          name: 'second',
          statements: [
            "create function public.list_count() returns int\nlanguage sql stable\nset search_path = ''\nas $$ select count(*)::int from public.lists; $$",
            'alter table public.lists add column done boolean not null default false',
          ],
        },
      ]);
      const rows = await stack.db.query('select id, title, done from public.lists order by id');
      expect(rows.rows).toEqual([
        { id: 1, title: 'from migration; with a semicolon', done: false },
        { id: 100, title: 'seeded', done: false },
      ]);
    } finally {
      await stack.close();
    }

    // Second start on the same database: nothing re-applied, the seed does not run again.
    const again = await createStack(options);
    try {
      expect(again.migration).toEqual({ fresh: false, applied: [], seeded: false });
      const count = await again.db.query<{ n: number }>('select count(*)::int as n from public.lists');
      expect(count.rows[0]?.n).toBe(2);
    } finally {
      await again.close();
    }
  });

  it('applies a migration added later, and only that one', async () => {
    const options = await setup({ '20240101000000_first.sql': FIRST });
    await (await createStack(options)).close();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${options.migrationsDir}/20240102000000_second.sql`, SECOND);
    const stack = await createStack(options);
    try {
      expect(stack.migration.applied).toEqual(['20240102000000_second.sql']);
      const n = await stack.db.query<{ n: number }>('select public.list_count() as n');
      expect(n.rows[0]?.n).toBe(2);
    } finally {
      await stack.close();
    }
  });

  it('stops on a failing migration with the file, line and Postgres message, and rolls it back', async () => {
    const options = await setup({ '20240101000000_first.sql': FIRST, '20240103000000_broken.sql': BROKEN });
    const error = await createStack(options).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MigrationError);
    const m = error as MigrationError;
    expect(m.file).toMatch(/20240103000000_broken\.sql$/);
    expect(m.line).toBe(6);
    expect(m.pgMessage).toBe('relation "public.no_such_table" does not exist');
    expect(m.code).toBe('42P01');
    expect(m.message).toContain('20240103000000_broken.sql:6: relation "public.no_such_table" does not exist');

    // Fix the file: the first migration is not re-run, the fixed one applies, and ok_before (from
    // the failed attempt) was rolled back with it, or the re-run would fail on "already exists".
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${options.migrationsDir}/20240103000000_broken.sql`, BROKEN.replace('public.no_such_table', 'public.lists'));
    const stack = await createStack(options);
    try {
      expect(stack.migration.applied).toEqual(['20240103000000_broken.sql']);
    } finally {
      await stack.close();
    }
  });

  it('reports the line of a syntax error inside a multi-line statement', async () => {
    const options = await setup({ '20240101000000_typo.sql': 'select 1;\n\ncreate table t (\n  id int,\n  name txet not null,\n  other int\n);\n' });
    await expect(createStack(options)).rejects.toMatchObject({ line: 5, pgMessage: 'type "txet" does not exist' });
  });

  it('points a run-time error without a position at the statement, past its comments', async () => {
    const options = await setup({
      '20240101000000_first.sql': FIRST,
      '20240102000000_dup.sql': "select 1;\n-- a duplicate key:\n/* no position */\ninsert into public.lists\n  values (1, 'again');\n",
    });
    await expect(createStack(options)).rejects.toMatchObject({ line: 4, code: '23505' });
  });
});
