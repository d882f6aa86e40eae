/**
 * The end of a durability history: every device back online and synced until quiet, then the
 * divergences between the devices, the server and the log of acknowledged writes. An empty list
 * means every device holds exactly the server's rows, no acknowledged write was lost (or, where
 * the server won, the device recorded the conflict), and no row is duplicated.
 */
import { COLLECTIONS, type CollectionName } from '@/db/collections/index.ts';
import type { TestStack } from '../../support/stack.ts';
import type { SimDevice } from './device.ts';
import type { HistoryLog, Write } from './history.ts';

type Row = Record<string, unknown>;
export const DURABLE_COLLECTIONS = ['devices', 'cart_items'] as const satisfies readonly CollectionName[];

/** A server row as a device stores it: the schema's fields, shaped by the collection's modifier. */
function asDocument(name: CollectionName, row: Row): Row {
  const spec = COLLECTIONS[name];
  const known = spec.schema.properties as Row;
  const out: Row = {};
  for (const key of Object.keys(row)) if (key in known) out[key] = row[key];
  return 'fromServer' in spec && spec.fromServer ? (spec.fromServer as (r: Row) => Row)(out) : out;
}

export async function serverRows(t: TestStack, userId: string, name: CollectionName): Promise<Row[]> {
  const token = await t.userToken(userId);
  const response = await fetch(`${t.url}/rest/v1/${COLLECTIONS[name].name}?select=*&user_id=eq.${userId}&order=id.asc`, {
    headers: { apikey: t.anonKey, Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`server rows of ${name}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Row[];
}

async function localDocs(device: SimDevice, name: CollectionName): Promise<Row[]> {
  const docs = await device.data.db[name]!.find({ sort: [{ id: 'asc' }] }).exec();
  return docs.map((doc) => doc.toJSON() as Row);
}

// Field order is not part of a document: compare with keys sorted.
const canonical = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(canonical) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)])) : value;
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Devices that disagree with the server (or still hold writes): empty when converged. */
async function unconverged(t: TestStack, userId: string, devices: SimDevice[]): Promise<string[]> {
  const out: string[] = [];
  for (const name of DURABLE_COLLECTIONS) {
    const server = (await serverRows(t, userId, name)).filter((row) => !row._deleted).map((row) => asDocument(name, row));
    for (const [d, device] of devices.entries()) {
      const local = await localDocs(device, name);
      if (!same(local, server)) out.push(`d${d} ${name}: device ${JSON.stringify(local)} ≠ server ${JSON.stringify(server)}`);
    }
  }
  for (const [d, device] of devices.entries()) {
    const held = await device.sync.pending.toArray();
    if (held.length) out.push(`d${d} still holds writes: ${JSON.stringify(held.map(({ docId, op, state, error }) => ({ docId, op, state, error })))}`);
  }
  return out;
}

/** All online with a token, syncNow on each until every device matches the server (or `rounds` pass). */
export async function settle(t: TestStack, userId: string, devices: SimDevice[], rounds = 8): Promise<string[]> {
  for (const device of devices) {
    device.online = true;
    if (!device.token) await device.renewToken();
  }
  let last: string[] = [];
  for (let round = 0; round < rounds; round++) {
    // Together: one round pushes what each holds, the next pulls what the others pushed.
    await Promise.all(devices.map((device) => device.data.syncNow(10_000)));
    last = await unconverged(t, userId, devices);
    if (last.length === 0) return [];
    await new Promise((r) => setTimeout(r, 50 * (round + 1)));
  }
  return last.map((line) => `unconverged after ${rounds} rounds: ${line}`);
}

/** The acknowledged writes against the server's final rows: lost writes and duplicates. */
export async function lostOrDuplicated(t: TestStack, userId: string, devices: SimDevice[], log: HistoryLog): Promise<string[]> {
  const out: string[] = [];
  for (const name of DURABLE_COLLECTIONS) {
    const rows = new Map((await serverRows(t, userId, name)).map((row) => [String(row.id), row]));
    const writes = log.writes.filter((w) => w.collection === name);
    const written = new Set(writes.map((w) => w.docId));
    for (const id of rows.keys()) if (!written.has(id)) out.push(`${name} ${id}: on the server but no device wrote it (duplicate)`);
    for (const id of written) {
      const row = rows.get(id);
      if (!row) {
        out.push(`${name} ${id}: acknowledged on a device, not on the server (lost)`);
        continue;
      }
      const ofDoc = writes.filter((w) => w.docId === id);
      const deleted = ofDoc.some((w) => w.field === '_deleted' && w.value === true);
      if (Boolean(row._deleted) !== deleted) out.push(`${name} ${id}: server _deleted=${String(row._deleted)}, devices ${deleted ? 'deleted' : 'kept'} it`);
      // A deleted document wins over edits made elsewhere before its tombstone arrived.
      if (deleted) continue;
      const added = ofDoc.reduce((sum, w) => sum + (w.added ?? 0), 0);
      if (name === 'cart_items' && Number(row.quantity) > Math.min(99, added)) {
        out.push(`${name} ${id}: server quantity ${String(row.quantity)} exceeds the ${added} added in all (an addition counted twice)`);
      }
      const conflicts = await conflictsOf(devices, id);
      // Only a write of another device can replace one: a device that alone wrote a document
      // and recorded a conflict on it took its own earlier write (its answer lost) for a rival's.
      for (const d of conflicts) {
        if (!ofDoc.some((w) => w.dev !== d)) out.push(`${name} ${id}: d${d} recorded a conflict, but no other device wrote it (its own write taken for another's)`);
      }
      for (const field of ['name', 'quantity'] as const) {
        for (const last of lastPerDevice(ofDoc.filter((w) => w.field === field))) {
          const lost = field === 'quantity' ? Number(row.quantity) < Number(last.value) : row[field] !== last.value;
          const supersededLater = field === 'name' && ofDoc.some((w) => w.field === field && w.dev !== last.dev && w.step > last.step);
          if (lost && !supersededLater && !conflicts.has(last.dev)) {
            out.push(`${name} ${id}: d${last.dev} wrote ${field}=${String(last.value)} at step ${last.step}; server has ${String(row[field])} and d${last.dev} recorded no conflict (lost)`);
          }
        }
      }
    }
  }
  return out;
}

function lastPerDevice(writes: Write[]): Write[] {
  const last = new Map<number, Write>();
  for (const w of writes) last.set(w.dev, w);
  return [...last.values()];
}

async function conflictsOf(devices: SimDevice[], docId: string): Promise<Set<number>> {
  const out = new Set<number>();
  for (const [d, device] of devices.entries()) {
    if ((await device.sync.conflicts.filter((c) => c.docId === docId).count()) > 0) out.add(d);
  }
  return out;
}
