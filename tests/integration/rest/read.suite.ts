import { expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { USER_A } from './fixture.ts';
import { asService, pgrstError, rest } from './helpers.ts';

/** Reads through supabase-js: select shapes, embedding, filters, order, ranges, counts, single rows. */
/** PostgREST's PGRST118: a related order on a relationship that is not to-one. */
const notToOne = (code: 'PGRST118', rel: string, parent: string) =>
  pgrstError(code, `A related order on '${rel}' is not possible`, `'${parent}' and '${rel}' do not form a many-to-one or one-to-one relationship`);

export function readSuite(get: () => TestStack): void {
  it('selects columns, aliases, casts and JSON paths', async () => {
    const { data, error } = await get().client().from('books')
      .select('id, name:title, pages::text, isbn:meta->>isbn, stars:meta->rating->stars').eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, name: 'A Wizard of Earthsea', pages: '183', isbn: '123', stars: 5 });
  });

  it('embeds to-one (with a hint), to-many and one-to-one resources', async () => {
    const { data, error } = await get().client().from('books')
      .select('title, author:authors!author_id(name), editor:authors!books_editor_fkey(name), chapters(title, position)')
      .in('id', [1, 2, 5]).order('id').order('position', { referencedTable: 'chapters', ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'A Wizard of Earthsea', author: { name: 'Ursula' }, editor: { name: 'Terry' },
        chapters: [{ title: 'The School for Wizards', position: 3 }, { title: 'The Shadow', position: 2 }, { title: 'Warriors in the Mist', position: 1 }] },
      { title: 'The Left Hand of Darkness', author: { name: 'Ursula' }, editor: null, chapters: [] },
      { title: 'Untitled', author: null, editor: null, chapters: [] },
    ]);
    const o2o = await get().client().from('authors').select('name, profiles(bio)').order('id');
    expect(o2o.data).toEqual([{ name: 'Ursula', profiles: { bio: 'Earthsea' } }, { name: 'Terry', profiles: { bio: 'Discworld' } }, { name: 'Iain', profiles: null }]);
  });

  it('filters embedded rows, and !inner filters the parents', async () => {
    const c = get().client();
    const left = await c.from('authors').select('name, books!author_id(title)').eq('books.status', 'draft').order('id');
    expect(left.data).toEqual([{ name: 'Ursula', books: [] }, { name: 'Terry', books: [{ title: 'Mort' }] }, { name: 'Iain', books: [] }]);
    const inner = await c.from('authors').select('name, books!author_id!inner(title)').eq('books.status', 'draft');
    expect(inner.data).toEqual([{ name: 'Terry', books: [{ title: 'Mort' }] }]);
    const limited = await c.from('authors').select('name, books!author_id(title)').eq('id', 1).limit(1, { referencedTable: 'books' }).order('id', { referencedTable: 'books' });
    expect(limited.data).toEqual([{ name: 'Ursula', books: [{ title: 'A Wizard of Earthsea' }] }]);
  });

  // PostgREST (QueryParams.hs pRelationSelect, Plan.hs rsEmptyEmbed; docs "Empty Embed"): `rel()`
  // is joined, so `!inner` and `rel=not.is.null` filter the parents by it, but it is not output;
  // nor is an embed that holds only empty embeds. `count()` stays the aggregate.
  it('filters by empty embeds without returning them', async () => {
    const rows = async (path: string) => {
      const r = await rest(get(), path);
      expect(r.status, path).toBe(200);
      return r.json;
    };
    expect(await rows('/books?select=id,authors!author_id()&order=id')).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }]);
    expect(await rows('/books?select=id,authors!author_id!inner()&authors.name=eq.Terry&order=id')).toEqual([{ id: 3 }, { id: 4 }]);
    expect(await rows('/authors?select=name,books!author_id!inner()&books.status=eq.draft')).toEqual([{ name: 'Terry' }]);
    expect(await rows('/books?select=title,chapters()&chapters.position=eq.3&chapters=not.is.null')).toEqual([{ title: 'A Wizard of Earthsea' }]);
    // Nested: an embed of empty embeds is empty too; one with a field of its own is output.
    expect(await rows('/authors?select=name,books!author_id!inner(chapters!inner())&order=id')).toEqual([{ name: 'Ursula' }, { name: 'Terry' }]);
    expect(await rows('/authors?select=name,books!author_id!inner(title,chapters!inner())&order=id')).toEqual([
      { name: 'Ursula', books: [{ title: 'A Wizard of Earthsea' }] }, { name: 'Terry', books: [{ title: 'Guards! Guards!' }] }]);
    // Only empty embeds selected: rows without keys.
    expect(await rows('/books?select=chapters!inner()&id=lt.4')).toEqual([{}, {}]);
    const js = await get().client().from('books').select('id, chapters!inner()').eq('chapters.title', 'One');
    expect([js.error, js.data]).toEqual([null, [{ id: 3 }]]);
    // `count()` is the aggregate, never an empty embed of `count`.
    expect(await rows('/books?select=id,count()&id=lt.3&order=id')).toEqual([{ id: 1, count: 1 }, { id: 2, count: 1 }]);
  });

  it('answers ambiguous and missing relationships as PostgREST does', async () => {
    const amb = await rest(get(), '/books?select=id,authors(name)');
    expect(amb.status).toBe(300);
    expect(amb.json.code).toBe('PGRST201');
    expect(amb.json.message).toBe("Could not embed because more than one relationship was found for 'books' and 'authors'");
    expect(amb.json.details).toContainEqual({ cardinality: 'many-to-one', embedding: 'books with authors', relationship: 'books_editor_fkey using books(editor_id) and authors(id)' });
    expect(amb.json.hint).toBe("Try changing 'authors' to one of the following: 'authors!books_author_id_fkey', 'authors!books_editor_fkey'. Find the desired relationship in the 'details' key.");
    // PostgREST's aliases: one name embedded twice at a level meets itself in Postgres (42712);
    // an unknown column of an embed is named by the embed's alias.
    const twice = await rest(get(), '/books?select=authors!author_id(*),authors!editor_id(*)');
    expect([twice.status, twice.json]).toEqual([400, pgrstError('42712', 'table name "books_authors_1" specified more than once')]);
    const unknown = await rest(get(), '/authors?select=name,books!author_id(nope)');
    expect([unknown.status, unknown.json]).toEqual([400, pgrstError('42703', 'column books_1.nope does not exist')]);
    // A self-reference (Plan.hs `findRel`, `relIsSelf`): the table's name embeds the children, the
    // key's column the parent, and a hint names the children's key column.
    const family = async (path: string) => (await rest(get(), path)).json;
    expect(await family('/categories?select=name,categories(name)&categories.order=id&id=eq.1')).toEqual([{ name: 'Root', categories: [{ name: 'Child A' }, { name: 'Child B' }] }]);
    expect(await family('/categories?select=name,parent:parent_id(name)&id=eq.4')).toEqual([{ name: 'Grandchild', parent: { name: 'Child A' } }]);
    expect(await family('/categories?select=name,children:categories!parent_id(name)&id=eq.2')).toEqual([{ name: 'Child A', children: [{ name: 'Grandchild' }] }]);
    const none = await rest(get(), '/books?select=id,items(id)');
    expect(none.status).toBe(400);
    expect(none.json).toEqual(pgrstError('PGRST200', "Could not find a relationship between 'books' and 'items' in the schema cache",
      "Searched for a foreign key relationship between 'books' and 'items' in the schema 'public', but no matches were found."));
  });

  // PostgREST's view relationships (SchemaCache.hs `allViewsKeyDependencies`,
  // `addViewM2OAndO2ORels`): a view column that is a plain reference to a table's key column
  // carries the key, under the view's name, to other views and tables.
  it('embeds views through the keys of the tables they show, under the views\' column names', async () => {
    const rows = async (path: string) => {
      const r = await rest(get(), path);
      expect(r.status, `${path} → ${r.text}`).toBe(200);
      return r.json;
    };
    // View to view, both ways, and to and from tables.
    expect(await rows('/book_view?select=book_id,writer,author_view(name)&book_id=in.(1,5)&order=book_id')).toEqual([
      { book_id: 1, writer: 1, author_view: { name: 'Ursula' } }, { book_id: 5, writer: null, author_view: null }]);
    expect(await rows('/author_view?select=name,book_view(title)&author_key=eq.2&book_view.order=book_id')).toEqual([
      { name: 'Terry', book_view: [{ title: 'Guards! Guards!' }, { title: 'Mort' }] }]);
    expect(await rows('/book_view?select=title,authors(name)&book_id=eq.3')).toEqual([{ title: 'Guards! Guards!', authors: { name: 'Terry' } }]);
    expect(await rows('/authors?select=name,book_view(title)&id=eq.1&book_view.order=book_id')).toEqual([
      { name: 'Ursula', book_view: [{ title: 'A Wizard of Earthsea' }, { title: 'The Left Hand of Darkness' }] }]);
    // A view of a view, filtered and ordered by its embed as any to-one.
    expect(await rows('/recent_book_view?select=title,author_view!inner(name)&author_view.name=eq.Terry&order=book_id')).toEqual([
      { title: 'Guards! Guards!', author_view: { name: 'Terry' } }, { title: 'Mort', author_view: { name: 'Terry' } }]);
    // The view shows authors.id, which both keys of books reference: ambiguous as between tables.
    const amb = await rest(get(), '/books?select=title,author_view(name)');
    expect([amb.status, amb.json]).toEqual([300, pgrstError('PGRST201', "Could not embed because more than one relationship was found for 'books' and 'author_view'", [
      { cardinality: 'many-to-one', embedding: 'books with author_view', relationship: 'books_author_id_fkey using books(author_id) and author_view(author_key)' },
      { cardinality: 'many-to-one', embedding: 'books with author_view', relationship: 'books_editor_fkey using books(editor_id) and author_view(author_key)' },
    ], "Try changing 'author_view' to one of the following: 'author_view!books_author_id_fkey', 'author_view!books_editor_fkey'. Find the desired relationship in the 'details' key.")]);
    expect(await rows('/books?select=title,editor:author_view!books_editor_fkey(name)&id=eq.1')).toEqual([{ title: 'A Wizard of Earthsea', editor: { name: 'Terry' } }]);
    // A constraint's name embeds the table only: a view is embedded by its own name.
    expect(await rows('/books?select=id,books_author_id_fkey(name)&id=eq.1')).toEqual([{ id: 1, books_author_id_fkey: { name: 'Ursula' } }]);
    // A computed column is no reference: nothing relates through it.
    const none = await rest(get(), '/books?select=id,author_names(name)');
    expect([none.status, none.json.code]).toEqual([400, 'PGRST200']);
  });

  it('embeds views over tables of a schema that is not exposed, a view junction included', async () => {
    const rows = async (path: string) => (await rest(get(), path)).json;
    expect(await rows('/placements?select=book_id,shelves(label)&shelf_id=eq.2&order=book_id')).toEqual([
      { book_id: 1, shelves: { label: 'Classics' } }, { book_id: 2, shelves: { label: 'Classics' } }]);
    // Many-to-many through the placements view, whose primary key is its table's.
    expect(await rows('/shelves?select=label,books(id)&order=id&books.order=id')).toEqual([
      { label: 'Fantasy', books: [{ id: 1 }, { id: 3 }] }, { label: 'Classics', books: [{ id: 1 }, { id: 2 }] }]);
    expect(await rows('/books?select=id,shelves(label)&id=eq.1&shelves.order=id')).toEqual([{ id: 1, shelves: [{ label: 'Fantasy' }, { label: 'Classics' }] }]);
    // The tables themselves are not served.
    const hidden = await rest(get(), '/books?select=id,placements!inner(shelf_id),shelving.shelves(id)');
    expect(hidden.status).toBe(400);
  });

  // PostgREST's computed relationships (SchemaCache.hs `allComputedRels`): a function of one row
  // returning rows of a table embeds like a foreign key, to-one when not `setof` or `rows 1`.
  it('embeds functions of a row as relationships, with filters, order, limit, !inner and RLS', async () => {
    const rows = async (path: string, headers: Record<string, string> = {}) => {
      const r = await rest(get(), path, { headers });
      expect(r.status, `${path} ${r.text}`).toBe(200);
      return r.json;
    };
    expect(await rows('/books?select=id,later_chapters(title,position)&id=in.(1,2,3)&order=id&later_chapters.order=position.desc')).toEqual([
      { id: 1, later_chapters: [{ title: 'The School for Wizards', position: 3 }, { title: 'The Shadow', position: 2 }] },
      { id: 2, later_chapters: [] },
      { id: 3, later_chapters: [{ title: 'Two', position: 2 }] },
    ]);
    expect(await rows('/books?select=id,later_chapters!inner(title)&later_chapters.title=eq.Two')).toEqual([{ id: 3, later_chapters: [{ title: 'Two' }] }]);
    expect(await rows('/books?select=id,later:later_chapters(position)&id=eq.1&later.order=position&later.limit=1')).toEqual([{ id: 1, later: [{ position: 2 }] }]);
    expect(await rows('/books?select=id,later_chapters()&later_chapters=not.is.null&order=id')).toEqual([{ id: 1 }, { id: 3 }]);
    // To-one: `rows 1`, and a single composite (no book: a row of nulls, as the function returns).
    expect(await rows('/books?select=title,editor(name)&id=in.(1,2)&order=id')).toEqual([
      { title: 'A Wizard of Earthsea', editor: { name: 'Terry' } }, { title: 'The Left Hand of Darkness', editor: null }]);
    expect(await rows('/authors?select=name,latest_book(title)&order=id')).toEqual([
      { name: 'Ursula', latest_book: { title: 'The Left Hand of Darkness' } }, { name: 'Terry', latest_book: { title: 'Mort' } },
      { name: 'Iain', latest_book: { title: null } }]);
    const ordered = await rows('/books?select=id,editor(name)&order=editor(name).desc.nullslast,id');
    expect(ordered.map((b: { id: number }) => b.id)).toEqual([3, 1, 2, 4, 5]);
    // Named like the table, the function replaces the foreign key one way; the other way stays.
    expect(await rows('/books?select=id,reviews(stars)&id=eq.1')).toEqual([{ id: 1, reviews: [{ stars: 5 }] }]);
    expect(await rows('/reviews?select=id,books(title)&id=eq.3')).toEqual([{ id: 3, books: { title: 'Guards! Guards!' } }]);
    // On a function's result and through supabase-js.
    expect(await rows('/rpc/search_books?q=Wizard&select=title,later_chapters(position)&later_chapters.order=position')).toEqual([
      { title: 'A Wizard of Earthsea', later_chapters: [{ position: 2 }, { position: 3 }] }]);
    const js = await get().client().from('books').select('title, editor(name)').eq('id', 3).single();
    expect([js.error, js.data]).toEqual([null, { title: 'Guards! Guards!', editor: { name: 'Ursula' } }]);
    // The function runs as the caller: RLS decides what it returns.
    const notes = '/books?select=id,my_notes(body)&id=eq.1';
    expect(await rows(notes)).toEqual([{ id: 1, my_notes: [] }]);
    expect(await rows(notes, { Authorization: `Bearer ${await get().userToken(USER_A)}` })).toEqual([{ id: 1, my_notes: [{ body: 'A on Earthsea' }] }]);
    expect(await rows(notes, asService(get()))).toEqual([{ id: 1, my_notes: [{ body: 'A on Earthsea' }, { body: 'B on Earthsea' }] }]);
  });

  // PostgREST 12 spreads to-one relationships only (Plan.hs `validateSpreadEmbeds`).
  it('spreads to-one embeds into the parent row, and to-many ones as arrays', async () => {
    const rows = async (path: string, headers: Record<string, string> = {}) => {
      const r = await rest(get(), path, { headers });
      expect(r.status, `${path} ${r.text}`).toBe(200);
      return r.json;
    };
    expect(await rows('/books?select=title,...authors!author_id(author:name,born)&id=in.(1,5)&order=id')).toEqual([
      { title: 'A Wizard of Earthsea', author: 'Ursula', born: '1929-10-21' }, { title: 'Untitled', author: null, born: null }]);
    // Nested, with an embed and a spread inside the spread; one-to-one both ways; `*`.
    expect(await rows('/chapters?select=title,...books(book:title,...authors!author_id(author:name),reviews(stars))&id=eq.1')).toEqual([
      { title: 'Warriors in the Mist', book: 'A Wizard of Earthsea', author: 'Ursula', reviews: [{ stars: 5 }] }]);
    expect(await rows('/authors?select=name,...profiles(bio)&order=id')).toEqual([
      { name: 'Ursula', bio: 'Earthsea' }, { name: 'Terry', bio: 'Discworld' }, { name: 'Iain', bio: null }]);
    expect(await rows('/profiles?select=bio,...authors(*)&id=eq.1')).toEqual([{ bio: 'Earthsea', id: 1, name: 'Ursula', born: '1929-10-21' }]);
    // Filters, !inner, is.null on the spread resource, order by it, a spread function.
    expect(await rows('/books?select=id,...authors!author_id!inner(name)&authors.name=eq.Terry&order=id')).toEqual([{ id: 3, name: 'Terry' }, { id: 4, name: 'Terry' }]);
    expect(await rows('/books?select=id,...authors!author_id(name)&authors=is.null')).toEqual([{ id: 5, name: null }]);
    const ordered = await rows('/books?select=id,...authors!author_id(name)&order=authors(name).desc.nullslast,id.desc');
    expect(ordered.map((b: { id: number }) => b.id)).toEqual([2, 1, 4, 3, 5]);
    expect(await rows('/books?select=id,...editor(editor:name)&id=in.(1,2)&order=id')).toEqual([{ id: 1, editor: 'Terry' }, { id: 2, editor: null }]);
    // Counted with the join the filter needs.
    const counted = await rest(get(), '/books?select=id,...authors!author_id!inner(name)&authors.name=eq.Ursula', { headers: { Prefer: 'count=exact' } });
    expect([counted.status, counted.headers.get('content-range')]).toEqual([200, '0-1/2']);
    const js = await get().client().from('books').select('id, ...authors!author_id(name)').eq('id', 3).single();
    expect([js.error, js.data]).toEqual([null, { id: 3, name: 'Terry' }]);
    // To-many (PostgREST 13): each column an array of the related rows' values, in their order;
    // `[]` without rows, which !inner leaves out. Foreign key and function alike.
    expect(await rows('/authors?select=name,...books!author_id(title,id)&books.order=id.desc&order=id')).toEqual([
      { name: 'Ursula', title: ['The Left Hand of Darkness', 'A Wizard of Earthsea'], id: [2, 1] },
      { name: 'Terry', title: ['Mort', 'Guards! Guards!'], id: [4, 3] },
      { name: 'Iain', title: [], id: [] }]);
    expect(await rows('/authors?select=name,...books!author_id!inner(title)&books.id=gt.3&order=id')).toEqual([{ name: 'Terry', title: ['Mort'] }]);
    expect(await rows('/books?select=id,...later_chapters(title)&id=eq.1')).toEqual([{ id: 1, title: ['The Shadow', 'The School for Wizards'] }]);
    const aggregated = await rest(get(), '/authors?select=name,...books!author_id(pages.sum())');
    expect([aggregated.status, aggregated.json.code]).toEqual([400, 'PGRST127']);
    // A relationship that does not exist is reported before the spread.
    const missing = await rest(get(), '/authors?select=...books!author_id(title),items(id)');
    expect([missing.status, missing.json.code]).toEqual([400, 'PGRST200']);
  });

  // PostgREST (Plan.hs `findRel`, SchemaCache.hs `addM2MRels`; docs "Many-to-many relationships"):
  // a table with foreign keys to both, all their columns part of its primary key, joins them.
  it('embeds many-to-many relationships through a junction table', async () => {
    const rows = async (path: string, headers: Record<string, string> = {}) => {
      const r = await rest(get(), path, { headers });
      expect(r.status, `${path} ${r.text}`).toBe(200);
      return r.json;
    };
    // The cameo (no junction: its own primary key) does not make Walk-on an actor of a film.
    expect(await rows('/actors?select=*,films(*)&order=id&films.order=id')).toEqual([
      { id: 1, name: 'Willem', films: [{ id: 1, title: 'The Lighthouse', year: 2019 }] },
      { id: 2, name: 'Tilda', films: [{ id: 2, title: 'Orlando', year: 1992 }, { id: 3, title: 'Suspiria', year: 2018 }] },
      { id: 3, name: 'Walk-on', films: [] }]);
    expect(await rows('/films?select=title,cast:actors(name)&order=id')).toEqual([
      { title: 'The Lighthouse', cast: [{ name: 'Willem' }] }, { title: 'Orlando', cast: [{ name: 'Tilda' }] }, { title: 'Suspiria', cast: [{ name: 'Tilda' }] }]);
    // Filters, order and limit of the embedded rows, !inner, is.null on the embed, counts.
    expect(await rows('/actors?select=name,films!inner(title)&films.year=gt.2000&order=id')).toEqual([
      { name: 'Willem', films: [{ title: 'The Lighthouse' }] }, { name: 'Tilda', films: [{ title: 'Suspiria' }] }]);
    expect(await rows('/actors?select=name,films(title)&id=eq.2&films.order=year.desc&films.limit=1')).toEqual([{ name: 'Tilda', films: [{ title: 'Suspiria' }] }]);
    expect(await rows('/actors?select=name,films()&films=is.null')).toEqual([{ name: 'Walk-on' }]);
    expect(await rows('/actors?select=name,films(count)&order=id')).toEqual([
      { name: 'Willem', films: [{ count: 1 }] }, { name: 'Tilda', films: [{ count: 2 }] }, { name: 'Walk-on', films: [{ count: 0 }] }]);
    const counted = await rest(get(), '/actors?select=id,films!inner()', { headers: { Prefer: 'count=exact' } });
    expect([counted.status, counted.headers.get('content-range')]).toEqual([200, '0-1/2']);
    // Nested, with a hint naming the junction; one row per junction row (a film awarded twice at
    // Cannes is there twice, as PostgREST's join gives it).
    expect(await rows('/festivals?select=name,films!screenings(title,actors(name))&order=id&films.order=id', asService(get()))).toEqual([
      { name: 'Cannes', films: [{ title: 'The Lighthouse', actors: [{ name: 'Willem' }] }, { title: 'Suspiria', actors: [{ name: 'Tilda' }] }] },
      { name: 'Venice', films: [{ title: 'Orlando', actors: [{ name: 'Tilda' }] }, { title: 'Suspiria', actors: [{ name: 'Tilda' }] }] }]);
    expect(await rows('/films?select=title,festivals!awards(name)&id=eq.1')).toEqual([{ title: 'The Lighthouse', festivals: [{ name: 'Cannes' }, { name: 'Cannes' }] }]);
    // The junction is read as the caller: anon sees the Cannes screenings only (RLS).
    expect(await rows('/festivals?select=name,films!screenings(title)&order=id&films.order=id')).toEqual([
      { name: 'Cannes', films: [{ title: 'The Lighthouse' }, { title: 'Suspiria' }] }, { name: 'Venice', films: [] }]);
    const js = await get().client().from('actors').select('name, films(title)').eq('id', 1).single();
    expect([js.error, js.data]).toEqual([null, { name: 'Willem', films: [{ title: 'The Lighthouse' }] }]);
    // A write's representation embeds them too.
    const written = await rest(get(), '/actors?id=eq.1&select=name,films(title)', {
      method: 'PATCH', headers: { ...asService(get()), 'Content-Type': 'application/json', Prefer: 'return=representation' }, body: '{"name":"Willem"}',
    });
    expect([written.status, written.json]).toEqual([200, [{ name: 'Willem', films: [{ title: 'The Lighthouse' }] }]]);
  });

  it('answers ambiguous, spread and ordered many-to-many embeds as PostgREST does', async () => {
    const amb = await rest(get(), '/films?select=title,festivals(name)');
    expect([amb.status, amb.json]).toEqual([300, {
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'films' and 'festivals'",
      details: [
        { cardinality: 'many-to-many', embedding: 'films with festivals', relationship: 'awards using awards_film_id_fkey(film_id) and awards_festival_id_fkey(festival_id)' },
        { cardinality: 'many-to-many', embedding: 'films with festivals', relationship: 'screenings using screenings_film_id_fkey(film_id) and screenings_festival_id_fkey(festival_id)' },
      ],
      hint: "Try changing 'festivals' to one of the following: 'festivals!awards', 'festivals!screenings'. Find the desired relationship in the 'details' key.",
    }]);
    const spread = await rest(get(), '/actors?select=name,...films(title)&id=eq.1');
    expect([spread.status, spread.json]).toEqual([200, [{ name: 'Willem', title: ['The Lighthouse'] }]]);
    const ordered = await rest(get(), '/actors?select=name,films(title)&order=films(title)');
    expect([ordered.status, ordered.json]).toEqual([400, notToOne('PGRST118', 'films', 'actors')]);
    // A hint that names no junction (nor anything else) finds nothing.
    const wrong = await rest(get(), '/films?select=title,festivals!cameos(name)');
    expect([wrong.status, wrong.json]).toEqual([400, pgrstError('PGRST200', "Could not find a relationship between 'films' and 'festivals' in the schema cache",
      "Searched for a foreign key relationship between 'films' and 'festivals' using the hint 'cameos' in the schema 'public', but no matches were found.")]);
  });

  // PostgREST 12 (docs "Aggregate Functions"; Plan.hs, SqlFragment.hs `groupF`): `col.fn()` and
  // `count()`, casts before and after, grouped by the other selected columns and embeds.
  it('aggregates with sum, avg, max, min and count, cast and aliased, grouped by the other columns', async () => {
    const rows = async (path: string) => {
      const r = await rest(get(), path);
      expect(r.status, `${path} ${r.text}`).toBe(200);
      return r.json;
    };
    expect(await rows('/books?select=pages.sum()')).toEqual([{ sum: 1175 }]);
    expect(await rows('/books?select=count(),n:count(),text:count()::text')).toEqual([{ count: 5, n: 5, text: '5' }]);
    expect(await rows('/books?select=pages.count(),pages.max(),pages.min()')).toEqual([{ count: 4, max: 416, min: 183 }]);
    // avg of an integer is numeric, written out as Postgres writes it.
    expect((await rest(get(), '/books?select=pages.avg()')).text).toBe('[{"avg":293.7500000000000000}]');
    expect(await rows('/books?select=pages.avg()::int,longest:pages::text.max(),total:pages.sum()::text')).toEqual([{ avg: 294, longest: '416', total: '1175' }]);
    expect(await rows('/books?select=meta->rating->>stars::int.sum()')).toEqual([{ sum: 9 }]);
    // Grouped by the other columns, aliased or not; filtered and ordered.
    expect(await rows('/books?select=status,count(),pages.sum(),pages.max()&order=status')).toEqual([
      { status: 'draft', count: 2, sum: 272, max: 272 }, { status: 'published', count: 3, sum: 903, max: 416 }]);
    expect(await rows('/books?select=pages.sum(),state:status&order=status.desc')).toEqual([{ sum: 903, state: 'published' }, { sum: 272, state: 'draft' }]);
    expect(await rows('/books?select=count()&status=eq.published&pages=gt.200')).toEqual([{ count: 2 }]);
    // `*` is every column, each grouped.
    expect(await rows('/profiles?select=*,count()&order=id')).toEqual([{ id: 1, author_id: 1, bio: 'Earthsea', count: 1 }, { id: 2, author_id: 2, bio: 'Discworld', count: 1 }]);
    // On a function's rows.
    expect(await rows('/rpc/search_books?q=a&select=pages.max(),count()')).toEqual([{ max: 416, count: 3 }]);
    // The total counts the rows, not the groups (PostgREST's count query has no GROUP BY).
    const counted = await rest(get(), '/books?select=status,count()', { headers: { Prefer: 'count=exact' } });
    expect([counted.status, counted.headers.get('content-range')]).toEqual([206, '0-1/5']);
    // A write's representation aggregates the written rows (a no-op update here).
    const written = await rest(get(), '/books?status=eq.published&select=status,count(),pages.sum()', {
      method: 'PATCH', headers: { ...asService(get()), 'Content-Type': 'application/json', Prefer: 'return=representation' }, body: '{"status":"published"}',
    });
    expect([written.status, written.json]).toEqual([200, [{ status: 'published', count: 3, sum: 903 }]]);
  });

  it('aggregates grouped by embeds, inside embeds and through spreads', async () => {
    const rows = async (path: string) => {
      const r = await rest(get(), path);
      expect(r.status, `${path} ${r.text}`).toBe(200);
      return r.json;
    };
    const bySum = (a: { sum: number | null }, b: { sum: number | null }) => (a.sum ?? Infinity) - (b.sum ?? Infinity);
    // Grouped by a to-one embed (an object) and a to-many one (an array).
    expect((await rows('/books?select=pages.sum(),author:authors!author_id(name)')).sort(bySum)).toEqual([
      { sum: 487, author: { name: 'Ursula' } }, { sum: 688, author: { name: 'Terry' } }, { sum: null, author: null }]);
    expect(await rows('/books?select=count(),chapters(position)&chapters.position=gt.2')).toEqual(expect.arrayContaining([
      { count: 4, chapters: [] }, { count: 1, chapters: [{ position: 3 }] }]));
    // Inside embeds: per parent row, over its rows (none: one row of nulls and a count of 0).
    expect(await rows('/authors?select=name,books!author_id(pages.sum(),count())&order=id')).toEqual([
      { name: 'Ursula', books: [{ sum: 487, count: 2 }] }, { name: 'Terry', books: [{ sum: 688, count: 2 }] }, { name: 'Iain', books: [{ sum: null, count: 0 }] }]);
    expect(await rows('/authors?select=name,books!author_id(status,count())&order=id&books.order=status')).toEqual([
      { name: 'Ursula', books: [{ status: 'published', count: 2 }] }, { name: 'Terry', books: [{ status: 'draft', count: 1 }, { status: 'published', count: 1 }] },
      { name: 'Iain', books: [] }]);
    expect(await rows('/actors?select=name,films(count())&order=id')).toEqual([
      { name: 'Willem', films: [{ count: 1 }] }, { name: 'Tilda', films: [{ count: 2 }] }, { name: 'Walk-on', films: [{ count: 0 }] }]);
    // In a spread: hoisted to the parent, grouped by its columns (two aggregates of one column too).
    expect(await rows('/books?select=status,...authors!author_id(born.max(),born.min())&order=status')).toEqual([
      { status: 'draft', max: '1948-04-28', min: '1948-04-28' }, { status: 'published', max: '1948-04-28', min: '1929-10-21' }]);
    // Grouped by a spread column and ordered by it; count() counts the rows that have one.
    expect(await rows('/books?select=pages.sum(),...authors!author_id(name)&order=authors(name)')).toEqual([
      { sum: 688, name: 'Terry' }, { sum: 487, name: 'Ursula' }, { sum: null, name: null }]);
    expect(await rows('/books?select=status,...authors!author_id(authors:count())&order=status')).toEqual([
      { status: 'draft', authors: 1 }, { status: 'published', authors: 3 }]);
    // Through nested spreads to the first level that is not one.
    expect(await rows('/chapters?select=...books(status,...authors!author_id(n:count(),born.max()))')).toEqual([
      { status: 'published', n: 5, max: '1948-04-28' }]);
  });

  it('answers what an aggregate cannot do with the errors PostgREST gives', async () => {
    // Ordering by a column that is neither grouped nor aggregated: Postgres's own error.
    const ungrouped = await rest(get(), '/books?select=status,count()&order=title');
    expect([ungrouped.status, ungrouped.json]).toEqual([400, pgrstError('42803', 'column "books.title" must appear in the GROUP BY clause or be used in an aggregate function')]);
    const jsonSum = await rest(get(), '/books?select=meta.sum()');
    expect([jsonSum.status, jsonSum.json.code, jsonSum.json.message]).toEqual([404, '42883', 'function sum(jsonb) does not exist']);
    for (const select of ['pages.median()', 'pages.sum', 'count(id)', 'pages.sum()x']) {
      const r = await rest(get(), `/books?select=${select}`);
      expect([r.status, r.json.code], select).toEqual([400, 'PGRST100']);
    }
  });

  it('applies every filter operator', async () => {
    const c = get().client();
    const ids = async (q: PromiseLike<{ data: { id: unknown }[] | null; error: unknown }>) => {
      const { data, error } = await q;
      expect(error).toBeNull();
      return (data ?? []).map((r) => r.id);
    };
    const books = () => c.from('books').select('id').order('id');
    expect(await ids(books().eq('status', 'draft'))).toEqual([4, 5]);
    expect(await ids(books().neq('status', 'draft'))).toEqual([1, 2, 3]);
    expect(await ids(books().gt('pages', 300))).toEqual([2, 3]);
    expect(await ids(books().gte('pages', 304).lte('pages', 416))).toEqual([2, 3]);
    expect(await ids(books().lt('pages', 200))).toEqual([1]);
    expect(await ids(books().like('title', '%Guards%'))).toEqual([3]);
    expect(await ids(books().ilike('title', '*the*'))).toEqual([2]);
    expect(await ids(books().is('pages', null))).toEqual([5]);
    expect(await ids(books().not('pages', 'is', null).in('id', [1, 5, 3]))).toEqual([1, 3]);
    expect(await ids(books().contains('tags', ['fantasy', 'classic']))).toEqual([1]);
    expect(await ids(books().containedBy('tags', ['fantasy', 'humour']))).toEqual([3, 4, 5]);
    expect(await ids(books().overlaps('tags', ['scifi', 'humour']))).toEqual([2, 3]);
    expect(await ids(books().contains('meta', { rating: { stars: 4 } }))).toEqual([2]);
    expect(await ids(books().eq('meta->>isbn', '789'))).toEqual([4]);
    expect(await ids(books().not('status', 'eq', 'draft').not('title', 'like', 'The*'))).toEqual([1, 3]);
    expect(await ids(books().textSearch('title', 'wizard'))).toEqual([1]);
  });

  // PostgREST (QueryParams.hs pQuantOp, SqlFragment.hs pgFmtFilter): eq, gt, gte, lt, lte, like,
  // ilike, match and imatch take (any)/(all) with an array literal, compared with ANY(…)/ALL(…).
  it('applies the (any)/(all) quantifiers, also negated, in logic trees and on function results', async () => {
    const c = get().client();
    const ids = async (path: string) => {
      const r = await rest(get(), `/books?select=id&order=id&${path}`);
      expect(r.status, path).toBe(200);
      return r.json.map((x: { id: number }) => x.id);
    };
    expect(await ids('title=like(any).{A*,M*}')).toEqual([1, 4]);
    expect(await ids('title=ilike(all).{*the*,*dark*}')).toEqual([2]);
    expect(await ids('id=eq(any).{3,4,9}')).toEqual([3, 4]);
    expect(await ids('pages=gt(all).{200,300}')).toEqual([2, 3]);
    expect(await ids('pages=gte(any).{300,416}')).toEqual([2, 3]);
    expect(await ids('pages=lt(any).{200,100}')).toEqual([1]);
    expect(await ids('pages=lte(all).{300,272}')).toEqual([1, 4]);
    expect(await ids('title=match(any).{^Mort$,Guards}')).toEqual([3, 4]);
    expect(await ids('title=imatch(any).{^mort,^the}')).toEqual([2, 4]);
    expect(await ids('title=not.like(any).{A*,M*}')).toEqual([2, 3, 5]);
    expect(await ids('or=(title.like(any).{A*,M*},id.eq(any).{5})')).toEqual([1, 4, 5]);
    const js = await c.from('books').select('id').likeAnyOf('title', ['*Guards*', 'Mort']).ilikeAllOf('title', ['g*', '*!']).order('id');
    expect([js.error, js.data]).toEqual([null, [{ id: 3 }]]);
    // On /rpc a quantified filter is a filter, not an argument.
    const call = await rest(get(), '/rpc/search_books?q=a&select=id&title=like(any).{A*,G*}&order=id');
    expect([call.status, call.json]).toEqual([200, [{ id: 1 }, { id: 3 }]]);
    // Each pattern of match(any) passes the regular-expression limits.
    const refused = await rest(get(), `/books?title=match(any).${encodeURIComponent('{ok,(a+)+}')}`);
    expect([refused.status, refused.json.code]).toEqual([400, 'PGRST100']);
    const unknown = await rest(get(), '/books?id=neq(any).{1,2}');
    expect([unknown.status, unknown.json.code]).toEqual([400, 'PGRST100']);
  });

  it('combines or/and trees, not.or, quoted column names and quoted values', async () => {
    const c = get().client();
    const tree = await c.from('books').select('id').or('id.eq.1,and(pages.gt.300,title.like.*Guards*)').order('id');
    expect(tree.data).toEqual([{ id: 1 }, { id: 3 }]);
    const notOr = await rest(get(), '/books?select=id&not.or=(status.eq.draft,pages.lt.300)&order=id');
    expect(notOr.json).toEqual([{ id: 2 }, { id: 3 }]);
    const quoted = await c.from('items').select('id').or('"Mixed Case".eq.y,label.eq."first, with comma"').order('id');
    expect(quoted.data).toEqual([{ id: 'a' }, { id: 'b' }]);
    const parens = await c.from('items').select('id').in('label', ['second (paren)', 'first, with comma']).order('id');
    expect(parens.data).toEqual([{ id: 'a' }, { id: 'b' }]);
    const quote = await c.from('items').select('id, weird:"weird,col"').eq('id', 'd"q');
    expect(quote.data).toEqual([{ id: 'd"q', weird: 'w4' }]);
    const nested = await rest(get(), '/books?select=id&or=(and(status.eq.published,or(pages.lt.200,pages.gt.400)),id.eq.5)&order=id');
    expect(nested.json).toEqual([{ id: 1 }, { id: 3 }, { id: 5 }]);
  });

  it('orders by several columns, nulls first/last and an embedded to-one column', async () => {
    const c = get().client();
    const r = await c.from('books').select('id').order('pages', { ascending: false, nullsFirst: true }).order('id');
    expect(r.data?.map((x) => x.id)).toEqual([5, 3, 2, 4, 1]);
    const last = await c.from('books').select('id').order('author_id', { ascending: true, nullsFirst: false }).order('id', { ascending: false });
    expect(last.data?.map((x) => x.id)).toEqual([2, 1, 4, 3, 5]);
    const embedded = await rest(get(), '/books?select=id,author:authors!author_id(name)&order=author(name).desc.nullslast,id.desc');
    expect(embedded.json.map((x: { id: number }) => x.id)).toEqual([2, 1, 4, 3, 5]);
  });

  it('pages with limit/offset and Range, counts exactly, answers 206 and 416', async () => {
    const c = get().client();
    const ranged = await c.from('books').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(ranged.data).toEqual([{ id: 2 }, { id: 3 }]);
    expect(ranged.count).toBe(5);
    expect(ranged.status).toBe(206);
    const header = await rest(get(), '/books?select=id&order=id', { headers: { Range: '3-', 'Range-Unit': 'items', Prefer: 'count=exact' } });
    expect(header.status).toBe(206);
    expect(header.headers.get('content-range')).toBe('3-4/5');
    const empty = await rest(get(), '/books?select=id&id=eq.0', { headers: { Prefer: 'count=exact' } });
    expect([empty.status, empty.headers.get('content-range'), empty.json]).toEqual([200, '*/0', []]);
    const noCount = await rest(get(), '/books?select=id&limit=2');
    expect(noCount.headers.get('content-range')).toBe('0-1/*');
    const past = await rest(get(), '/books?select=id&offset=9', { headers: { Prefer: 'count=exact' } });
    expect([past.status, past.headers.get('content-range')]).toEqual([416, '*/5']);
    expect(past.json).toEqual(pgrstError('PGRST103', 'Requested range not satisfiable', 'An offset of 9 was requested, but there are only 5 rows.'));
    const inverted = await rest(get(), '/books', { headers: { Range: '5-2' } });
    expect(inverted.status).toBe(416);
    expect(inverted.json.details).toBe('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
  });

  // PostgREST (Query.hs resultSetWTotal, RangeQuery.hs rangeStatusHeader): a planned total is the
  // planner's "Plan Rows" for the count query, and 206 follows whenever the page is shorter than it.
  it('answers count=planned with the planner\'s estimate and count=estimated with exact counts up to max_rows', async () => {
    const t = get();
    const planRows = async (sql: string) => {
      const r = await t.db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`);
      const plan = r.rows[0]?.['QUERY PLAN'];
      return Math.round((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan['Plan Rows']);
    };
    const range = async (path: string, prefer: string, method = 'GET') => {
      const r = await rest(t, path, { method, headers: { Prefer: prefer } });
      return [r.status, r.headers.get('content-range')];
    };
    // 10 rows are left above 100; the statistics (150 rows analyzed) reckon more: a partial page.
    const aboveHundred = await planRows('select 1 from public.counted where n > 100');
    expect(aboveHundred).toBeGreaterThan(10);
    expect(await range('/counted?select=n&n=gt.100', 'count=planned')).toEqual([206, `0-9/${aboveHundred}`]);
    expect(await range('/counted?select=n&n=gt.100', 'count=exact')).toEqual([200, '0-9/10']);
    // The whole table: the page is capped at max_rows (100) of the 110 rows; the planner says 150.
    expect(await planRows('select 1 from public.counted')).toBe(150);
    expect(await range('/counted?select=n', 'count=planned', 'HEAD')).toEqual([206, '0-99/150']);
    expect(await range('/counted?select=n&limit=5&offset=3', 'count=planned')).toEqual([206, '3-7/150']);
    // estimated: exact while within max_rows (100), past it the larger of the count and the estimate.
    expect(await range('/counted?select=n&n=lte.60', 'count=estimated')).toEqual([200, '0-59/60']);
    expect(await range('/counted?select=n', 'count=estimated')).toEqual([206, '0-99/150']);
    expect(await range('/counted?select=n', 'count=exact')).toEqual([206, '0-99/110']);
    // A table never analyzed: the planner's guess still decides the total and the status.
    const books = await planRows('select 1 from public.books');
    expect(await range('/books?select=id', 'count=planned')).toEqual([books > 5 ? 206 : 200, `0-4/${books}`]);
  });

  it('caps responses at [api] max_rows while counting every row', async () => {
    const r = await rest(get(), '/many?select=n&order=n', { headers: { Prefer: 'count=exact' } });
    expect(r.json).toHaveLength(100);
    expect([r.status, r.headers.get('content-range')]).toEqual([206, '0-99/150']);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const r = await rest(get(), '/books?status=eq.draft', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-range')).toBe('0-1/2');
    expect(r.text).toBe('');
    const { count, data, error } = await get().client().from('books').select('*', { count: 'exact', head: true });
    expect([count, data, error]).toEqual([5, null, null]);
  });

  it('returns single objects and 406 when not exactly one row', async () => {
    const c = get().client();
    expect((await c.from('authors').select('name').eq('id', 2).single()).data).toEqual({ name: 'Terry' });
    const many = await c.from('authors').select('name').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 3 rows' });
    const none = await c.from('authors').select('name').eq('id', 0).maybeSingle();
    expect([none.data, none.error]).toEqual([null, null]);
    const wire = await rest(get(), '/authors?id=eq.1&select=name', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
    expect(wire.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
    expect(wire.text).toBe('{"name":"Ursula"}');
  });

  it('strips nulls on request and rejects media types it cannot produce', async () => {
    const stripped = await get().client().from('authors').select('name, born').eq('id', 3).stripNulls();
    expect(stripped.data).toEqual([{ name: 'Iain' }]);
    const wire = await rest(get(), '/authors?select=name,born&id=eq.3', { headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' } });
    expect([wire.text, wire.headers.get('content-type')]).toEqual(['[{"name":"Iain"}]', 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8']);
    const xml = await rest(get(), '/authors', { headers: { Accept: 'text/xml, text/html;q=0.5' } });
    expect([xml.status, xml.json]).toEqual([406, pgrstError('PGRST107', 'None of these media types are available: text/xml, text/html')]);
    // The API description answers JSON only.
    const rootCsv = await rest(get(), '/', { headers: { Accept: 'text/csv' } });
    expect([rootCsv.status, rootCsv.json.code]).toEqual([406, 'PGRST107']);
  });

  // PostgREST's CSV (SqlFragment.hs asCsvF): a header of the keys of the first row, then each row
  // as Postgres writes a record (quoted when needed, NULL empty, t/f, arrays and JSON as text).
  it('answers text/csv: header line, Postgres quoting, embeds as JSON text', async () => {
    const csv = async (path: string, headers: Record<string, string> = {}) => {
      const r = await rest(get(), path, { headers: { Accept: 'text/csv', ...headers } });
      return [r.status, r.headers.get('content-type'), r.text];
    };
    expect(await csv('/authors?select=id,name,born&order=id&id=lt.4')).toEqual([200, 'text/csv; charset=utf-8', 'id,name,born\n1,Ursula,1929-10-21\n2,Terry,1948-04-28\n3,Iain,']);
    expect((await csv('/items?select=id,label,n,weird:"weird,col"&id=gt.a&id=lt.e&order=id'))[2])
      .toBe('id,label,n,weird\nb,"second (paren)",2,w2\nc,,,\n"d""q",quote,4,w4');
    expect((await csv('/books?select=title,tags,meta,author:authors!author_id(name),chapters(position)&id=in.(3,5)&order=id&chapters.order=position'))[2]).toBe(
      'title,tags,meta,author,chapters\n"Guards! Guards!","{fantasy,humour}",,"{""name"": ""Terry""}","[{""position"": 1}, {""position"": 2}]"\nUntitled,{},,,[]');
    // No rows: an empty header and no lines.
    expect(await csv('/authors?id=eq.0')).toEqual([200, 'text/csv; charset=utf-8', '\n']);
    const counted = await rest(get(), '/books?select=id&order=id&limit=2', { headers: { Accept: 'text/csv', Prefer: 'count=exact' } });
    expect([counted.status, counted.text, counted.headers.get('content-range')]).toEqual([206, 'id\n1\n2', '0-1/5']);
    const head = await rest(get(), '/books?select=id', { method: 'HEAD', headers: { Accept: 'text/csv' } });
    expect([head.status, head.text, head.headers.get('content-type')]).toEqual([200, '', 'text/csv; charset=utf-8']);
    // The first acceptable type wins.
    expect((await csv('/authors?select=id&id=eq.1', { Accept: 'text/html, text/csv;q=0.9, application/json;q=0.8' }))[2]).toBe('id\n1');
    expect((await rest(get(), '/authors?select=id&id=eq.1', { headers: { Accept: 'text/csv;q=0.5, application/json' } })).text).toBe('[{"id":1}]');
  });

  // PostgREST's geo+json is PostGIS's ST_AsGeoJSON: without PostGIS, Postgres's error, as there.
  it('answers application/geo+json as PostgREST does without PostGIS', async () => {
    const r = await rest(get(), '/authors', { headers: { Accept: 'application/geo+json' } });
    expect([r.status, r.json]).toEqual([404, pgrstError('42883', 'function st_asgeojson(record) does not exist', null,
      'No function matches the given name and argument types. You might need to add explicit type casts.')]);
  });

  // PostgREST's `Accept: application/vnd.pgrst.plan` (db-plan-enabled, on for these tests).
  it('answers the EXPLAIN of a read with application/vnd.pgrst.plan', async () => {
    const text = await rest(get(), '/authors?id=eq.1', { headers: { Accept: 'application/vnd.pgrst.plan' } });
    expect([text.status, text.headers.get('content-type'), text.headers.get('content-range')]).toEqual([200, 'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8', null]);
    expect(text.text).toMatch(/^Aggregate {2}\(cost=[\s\S]*\n$/);
    const json = await rest(get(), '/authors?id=eq.1', { headers: { Accept: 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object"; options=analyze|verbose' } });
    expect(json.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|verbose; charset=utf-8');
    expect(json.json[0].Plan).toMatchObject({ 'Node Type': 'Aggregate', 'Actual Rows': 1 });
    expect(json.json[0].Plan.Output).toEqual(expect.any(Array));
    // As the CLI's Postgres answers it: a query identifier, and the settings PostgREST gave the
    // request (its search_path as it writes it, not deduplicated) next to the CLI's own, and no
    // other (PGlite's parallel-query settings are PostgreSQL's defaults).
    const settings = await rest(get(), '/authors?id=eq.1', { headers: { Accept: 'application/vnd.pgrst.plan+json; options=verbose|settings' } });
    expect(settings.json[0]).toMatchObject({ 'Query Identifier': expect.any(Number) });
    expect(settings.json[0].Settings).toEqual({ search_path: '"public", "public", "extensions"', effective_cache_size: '128MB' });
    // As supabase-js asks for it.
    const viaJs = await get().client().from('authors').select('name').eq('id', 1).explain();
    expect([viaJs.status, typeof viaJs.data]).toEqual([200, 'string']);
    expect(viaJs.data).toMatch(/^Aggregate/);
    const csvPlan = await rest(get(), '/authors', { headers: { Accept: 'application/vnd.pgrst.plan+json; for="text/csv"' } });
    expect([csvPlan.status, csvPlan.headers.get('content-type')]).toEqual([200, 'application/vnd.pgrst.plan+json; for="text/csv"; charset=utf-8']);
    // Only for a media type the resource answers in.
    const xml = await rest(get(), '/authors', { headers: { Accept: 'application/vnd.pgrst.plan; for="text/xml"' } });
    expect([xml.status, xml.json]).toEqual([406, pgrstError('PGRST107', 'None of these media types are available: application/vnd.pgrst.plan+text; for="text/xml"')]);
  });

  it('serves exposed schemas only, naming the profile', async () => {
    const ok = await rest(get(), '/authors?select=id&limit=1', { headers: { 'Accept-Profile': 'public' } });
    expect([ok.status, ok.headers.get('content-profile')]).toEqual([200, 'public']);
    const bad = await rest(get(), '/authors', { headers: { 'Accept-Profile': 'auth' } });
    expect(bad.status).toBe(406);
    expect(bad.json).toEqual(pgrstError('PGRST106', 'The schema must be one of the following: public, graphql_public'));
  });

  it('finds tables created after start-up without a restart', async () => {
    await get().db.exec('create table public.late (id int primary key); insert into public.late values (7);');
    await new Promise((r) => setTimeout(r, 1100));
    const r = await rest(get(), '/late', { headers: asService(get()) });
    expect([r.status, r.json]).toEqual([200, [{ id: 7 }]]);
  });

  it('describes the schema as OpenAPI 2.0 at the root', async () => {
    const r = await rest(get(), '/');
    expect(r.status).toBe(200);
    expect(r.json.swagger).toBe('2.0');
    expect(Object.keys(r.json.paths)).toEqual(expect.arrayContaining(['/', '/books', '/authors', '/rpc/add']));
    expect(r.json.definitions.books.properties.id).toMatchObject({ type: 'integer', format: 'bigint' });
    expect(r.json.definitions.books.properties.author_id.description).toContain("<fk table='authors' column='id'/>");
    expect(r.json.definitions.books.required).toEqual(['title']);
  });
}
