import type { Column, Relation, Routine, SchemaCache } from './schema-cache.ts';

/** Swagger 2.0 type/format of a Postgres type, as PostgREST's OpenAPI output maps them. */
function swaggerType(col: { type: string; typname: string; enum?: string[] | null }): Record<string, unknown> {
  const t = col.typname;
  const format = col.type;
  if (col.type.endsWith('[]')) return { type: 'array', items: { type: 'string' }, format };
  if (['int2', 'int4', 'int8'].includes(t)) return { type: 'integer', format };
  if (['float4', 'float8', 'numeric'].includes(t)) return { type: 'number', format };
  if (t === 'bool') return { type: 'boolean', format };
  if (t === 'json' || t === 'jsonb') return { format };
  return { type: 'string', format, ...(col.enum ? { enum: col.enum } : {}) };
}

function definition(rel: Relation, cache: SchemaCache) {
  const properties: Record<string, unknown> = {};
  const fkNotes = new Map<string, string>();
  // Keys to tables first, then to views (PostgREST's `relsSortedByIsView`): a view showing the
  // referenced column does not take the note from the table.
  const isView = (r: Relation) => r.kind === 'v' || r.kind === 'm';
  const own = cache.fks.filter((fk) => fk.from === rel).sort((a, b) => Number(isView(a.to)) - Number(isView(b.to)));
  for (const fk of own) {
    fk.fromCols.forEach((c, i) => {
      if (!fkNotes.has(c)) fkNotes.set(c, `This is a Foreign Key to \`${fk.to.name}.${fk.toCols[i]}\`.<fk table='${fk.to.name}' column='${fk.toCols[i]}'/>`);
    });
  }
  for (const col of rel.columns) {
    const notes: string[] = [];
    if (rel.pk.includes(col.name)) notes.push('This is a Primary Key.<pk/>');
    const fk = fkNotes.get(col.name);
    if (fk) notes.push(fk);
    const description = [col.description, notes.length ? `Note:\n${notes.join('\n')}` : null].filter(Boolean).join('\n\n');
    properties[col.name] = { ...swaggerType(col), ...(col.default ? { default: col.default } : {}), ...(description ? { description } : {}) };
  }
  const required = rel.columns.filter((c: Column) => !c.nullable && c.default === null && c.identity === '' && c.generated === '').map((c) => c.name);
  return { ...(required.length ? { required } : {}), properties, type: 'object', ...(rel.description ? { description: rel.description } : {}) };
}

function rpcPath(r: Routine) {
  const properties = Object.fromEntries(r.params.map((p) => [p.name, { format: p.type, type: 'string' }]));
  const required = r.params.filter((p) => !p.hasDefault).map((p) => p.name);
  const body = { in: 'body', name: 'args', required: true, schema: { type: 'object', properties, ...(required.length ? { required } : {}) } };
  const post = { tags: ['(rpc) ' + r.name], ...(r.description ? { summary: r.description } : {}), parameters: [body, { $ref: '#/parameters/preferParams' }], produces: ['application/json', 'application/vnd.pgrst.object+json'], responses: { '200': { description: 'OK' } } };
  return { post };
}

/** The root endpoint: an OpenAPI 2.0 description of the exposed schema, in PostgREST's layout. */
export function openApi(cache: SchemaCache, schema: string, host: string | undefined): unknown {
  const rels = [...cache.relations.values()].filter((r) => r.schema === schema).sort((a, b) => a.name.localeCompare(b.name));
  const paths: Record<string, unknown> = { '/': { get: { tags: ['Introspection'], summary: 'OpenAPI description (this document)', produces: ['application/openapi+json', 'application/json'], responses: { '200': { description: 'OK' } } } } };
  const definitions: Record<string, unknown> = {};
  for (const rel of rels) {
    definitions[rel.name] = definition(rel, cache);
    const rowFilters = rel.columns.map((c) => ({ $ref: `#/parameters/rowFilter.${rel.name}.${c.name}` }));
    const ok = { '200': { description: 'OK', schema: { items: { $ref: `#/definitions/${rel.name}` }, type: 'array' } }, '206': { description: 'Partial Content' } };
    const ops: Record<string, unknown> = {
      get: { tags: [rel.name], parameters: [...rowFilters, { $ref: '#/parameters/select' }, { $ref: '#/parameters/order' }, { $ref: '#/parameters/range' }, { $ref: '#/parameters/rangeUnit' }, { $ref: '#/parameters/offset' }, { $ref: '#/parameters/limit' }, { $ref: '#/parameters/preferCount' }], responses: ok },
    };
    if (rel.kind !== 'm') {
      ops.post = { tags: [rel.name], parameters: [{ $ref: `#/parameters/body.${rel.name}` }, { $ref: '#/parameters/select' }, { $ref: '#/parameters/preferPost' }], responses: { '201': { description: 'Created' } } };
      ops.delete = { tags: [rel.name], parameters: [...rowFilters, { $ref: '#/parameters/preferReturn' }], responses: { '204': { description: 'No Content' } } };
      ops.patch = { tags: [rel.name], parameters: [...rowFilters, { $ref: `#/parameters/body.${rel.name}` }, { $ref: '#/parameters/preferReturn' }], responses: { '204': { description: 'No Content' } } };
    }
    paths[`/${rel.name}`] = ops;
  }
  for (const list of cache.routines.values()) {
    for (const r of list) if (r.schema === schema) paths[`/rpc/${r.name}`] = rpcPath(r);
  }
  const parameters: Record<string, unknown> = {
    preferParams: { name: 'Prefer', description: 'Preference', required: false, enum: ['params=single-object'], in: 'header', type: 'string' },
    preferReturn: { name: 'Prefer', description: 'Preference', required: false, enum: ['return=representation', 'return=minimal', 'return=none'], in: 'header', type: 'string' },
    preferCount: { name: 'Prefer', description: 'Preference', required: false, enum: ['count=none'], in: 'header', type: 'string' },
    preferPost: { name: 'Prefer', description: 'Preference', required: false, enum: ['return=representation', 'return=minimal', 'return=none', 'resolution=ignore-duplicates', 'resolution=merge-duplicates'], in: 'header', type: 'string' },
    select: { name: 'select', description: 'Filtering Columns', required: false, in: 'query', type: 'string' },
    on_conflict: { name: 'on_conflict', description: 'On Conflict', required: false, in: 'query', type: 'string' },
    order: { name: 'order', description: 'Ordering', required: false, in: 'query', type: 'string' },
    range: { name: 'Range', description: 'Limiting and Pagination', required: false, in: 'header', type: 'string' },
    rangeUnit: { name: 'Range-Unit', description: 'Limiting and Pagination', required: false, default: 'items', in: 'header', type: 'string' },
    offset: { name: 'offset', description: 'Limiting and Pagination', required: false, in: 'query', type: 'string' },
    limit: { name: 'limit', description: 'Limiting and Pagination', required: false, in: 'query', type: 'string' },
  };
  for (const rel of rels) {
    parameters[`body.${rel.name}`] = { name: rel.name, description: rel.name, required: false, in: 'body', schema: { $ref: `#/definitions/${rel.name}` } };
    for (const c of rel.columns) {
      parameters[`rowFilter.${rel.name}.${c.name}`] = { name: c.name, required: false, format: c.type, in: 'query', type: 'string' };
    }
  }
  return {
    swagger: '2.0',
    info: { description: '', title: 'standard public schema', version: '12.2.0 (local)' },
    ...(host ? { host } : {}),
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions,
    parameters,
    externalDocs: { description: 'PostgREST Documentation', url: 'https://postgrest.org/en/v12/references/api.html' },
  };
}
