import pg from 'pg';

/**
 * Wipes a PostgreSQL database back to an empty one, like `supabase db reset`: drops every schema
 * the project or the platform created. Roles are cluster-wide and are kept (the platform SQL
 * re-applies idempotently). The connection must be the database owner or a superuser.
 */
export async function resetPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      `select nspname from pg_namespace
        where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
          and nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'`,
    );
    const drops = rows.map((r) => `drop schema if exists ${pg.escapeIdentifier(r.nspname)} cascade;`).join('\n');
    await client.query(`${drops}
      create schema public;
      grant usage on schema public to public;
      alter schema public owner to pg_database_owner;`);
  } finally {
    await client.end();
  }
}
