import { describe, expect, it } from 'vitest';
import { lineAt, splitSql } from '../../../supabase/local/migrate/split.ts';

describe('splitSql (the Supabase CLI statement rules)', () => {
  it('splits on semicolons outside quotes, comments, dollar quotes, parentheses and BEGIN ATOMIC', () => {
    const sql = [
      "select 'a;b', \"we;ird\";",
      '-- a comment; still a comment',
      '/* block; /* nested; */ still */ select 2;',
      'create function f() returns int language plpgsql as $body$ begin return 1; end; $body$;',
      "select E'it\\'s; fine';",
      'create function g() returns int language sql begin atomic select case when true then 1 end; select 2; end;',
      'select 3',
    ].join('\n');
    expect(splitSql(sql).map((s) => s.sql)).toEqual([
      "select 'a;b', \"we;ird\"",
      '-- a comment; still a comment\n/* block; /* nested; */ still */ select 2',
      'create function f() returns int language plpgsql as $body$ begin return 1; end; $body$',
      "select E'it\\'s; fine'",
      'create function g() returns int language sql begin atomic select case when true then 1 end; select 2; end',
      'select 3',
    ]);
  });

  it('keeps each statement offset so error positions map to file lines', () => {
    const text = 'select 1;\n\n  select\n  oops;';
    const [, second] = splitSql(text);
    expect(second).toEqual({ sql: 'select\n  oops', offset: 13 });
    // Postgres position 10 (1-based) in the statement is "oops", on line 4 of the file.
    expect(lineAt(text, second!.offset + 10 - 1)).toBe(4);
  });

  it('drops empty statements', () => {
    expect(splitSql(';;\n;  ')).toEqual([]);
  });
});
