import { ApiError } from '../errors.ts';
import type { Relation } from '../schema-cache.ts';
import { Params, ident, qualified } from '../sql/ident.ts';
import { checkPlan, envelope, limitSql, shape, type ReadContext } from '../sql/read.ts';
import { baseHeaders, send, sendPlan, singularError, toCount, type RequestContext } from '../request.ts';
import { countPlan, runCounted } from './count.ts';
import { readStatus, rootPage } from './range.ts';

interface EnvelopeRow {
  total: unknown;
  page_total: unknown;
  body: string | null;
}

/** GET/HEAD on a table or view. */
export async function handleRead(rc: RequestContext, rel: Relation): Promise<void> {
  const params = new Params();
  const root = rc.query.levels.get('') ?? { filters: [], logic: [] };
  const readCtx: ReadContext = {
    cache: rc.cache, params, levels: rc.query.levels, used: new Set(['']), counter: { n: 0 }, aggregates: rc.config.aggregates,
    jsonbEmbeds: rc.accept.format === 'csv',
  };
  const ref = ident(rel.name);
  const s = shape(readCtx, rel, ref, rc.query.select, root, []);
  checkPlan(readCtx);
  const page = rootPage(rc, root);
  const where = s.where.length ? ` where ${s.where.join(' and ')}` : '';
  const table = qualified(rel.schema, rel.name);
  const rowsSql = `select ${s.cols} from ${table}${s.joins}${where}${s.group}${s.order}${limitSql(page)}`;
  // The count needs the lateral joins only when a filter tests an embedded resource.
  const countJoins = s.countJoins ? s.joins : '';
  const count = countPlan(rc.prefer.count, `from ${table}${countJoins}${where}`, rc.config.maxRows);
  const sql = envelope(rowsSql, count.exact, {
    count: count.exact !== null,
    singular: rc.accept.singular,
    stripNulls: rc.accept.stripNulls,
    withBody: rc.method !== 'HEAD',
    format: rc.accept.format,
  });
  if (rc.accept.plan) return sendPlan(rc, true, sql);
  const { row, total } = await runCounted<EnvelopeRow>(rc, true, sql, count);
  if (!row) throw new ApiError(500, 'PGRSTX00', 'The read returned no envelope row');
  const pageTotal = toCount(row.page_total) ?? 0;
  if (rc.accept.singular && pageTotal !== 1) throw singularError(pageTotal);
  const { status, range } = readStatus(page, pageTotal, total);
  send(rc, status, { ...baseHeaders(rc), 'Content-Range': range }, row.body ?? (rc.accept.singular ? 'null' : '[]'));
}
