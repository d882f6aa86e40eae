/**
 * Random histories of one customer's devices for the durability property: the commands, their
 * generator, and a runner that applies them to simulated devices and logs every write a device
 * acknowledged locally (the model the end state is judged against).
 */
import fc from 'fast-check';
import { cartItemId } from '@/db/collections/index.ts';
import type { SimDevice } from './device.ts';

export const CART_LINES = ['1', '2', '3', '1:Color=Black'] as const;

export type Command =
  | { kind: 'insertDevice'; dev: number }
  | { kind: 'renameDevice'; dev: number; pick: number }
  | { kind: 'removeDevice'; dev: number; pick: number }
  | { kind: 'addCart'; dev: number; line: (typeof CART_LINES)[number]; add: number }
  | { kind: 'offline' | 'online' | 'reload' | 'sync' | 'loseAnswer'; dev: number }
  // The device's next request hangs until its deadline: never sent, or applied by the server and
  // its answer never arriving.
  | { kind: 'hang'; dev: number; answer: boolean }
  // The access token expires (the device has none until a refresh), and a refresh brings a new one.
  | { kind: 'tokenExpires' | 'tokenRefreshed'; dev: number }
  | { kind: 'wait'; ms: number };

/**
 * The simulated devices' request deadline: short, so a hang costs little time, and still far
 * above what a request to the local stack takes (one that is slower fails and is retried, which
 * the property covers too).
 */
export const HARNESS_DEADLINE_MS = 500;

export interface History {
  devices: number;
  commands: Command[];
}

const dev = fc.nat({ max: 2 });

export const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('insertDevice' as const), dev }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('renameDevice' as const), dev, pick: fc.nat(7) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeDevice' as const), dev, pick: fc.nat(7) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('addCart' as const), dev, line: fc.constantFrom(...CART_LINES), add: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('offline' as const, 'online' as const), dev }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reload' as const), dev }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sync' as const), dev }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('loseAnswer' as const), dev }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('hang' as const), dev, answer: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('tokenExpires' as const, 'tokenRefreshed' as const), dev }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(0, 20, 100) }) },
);

export const historyArb: fc.Arbitrary<History> = fc.record({
  devices: fc.integer({ min: 2, max: 3 }),
  commands: fc.array(commandArb, { minLength: 1, maxLength: 14 }),
});

/** A write a device acknowledged: the document's field had this value on the device after it. */
export interface Write {
  step: number;
  dev: number;
  collection: 'devices' | 'cart_items';
  docId: string;
  field: 'name' | 'quantity' | '_deleted';
  value: unknown;
  /** A cart addition: how many were added (the line's quantity can never exceed their sum). */
  added?: number;
}

export interface HistoryLog {
  writes: Write[];
  /** What ran, in order, with what each command resolved to (which document, or nothing). */
  trace: string[];
}

const now = () => new Date().toISOString();

function deviceRow(userId: string, name: string) {
  const at = now();
  return { id: crypto.randomUUID(), user_id: userId, name, device_type: 'indoor_unit' as const, location: null, serial_number: null, status: 'offline' as const, firmware_version: null, last_seen: null, created_at: at, updated_at: at };
}

function cartRow(userId: string, line: string, quantity: number) {
  const at = now();
  const [product, ...variant] = line.split(':');
  return { id: cartItemId(userId, line), user_id: userId, line_id: line, product_id: Number(product), variant: variant.length ? variant.join(':') : null, name: `Product ${product}`, price: 10, image: null, quantity, added_at: at, created_at: at, updated_at: at };
}

/**
 * As the cart does it: add to the line if the device has it, else insert it; an insert that meets
 * the line the replication just brought in adds to that one instead. The cart caps a line at 99,
 * as the server's check does.
 */
async function addToCart(device: SimDevice, userId: string, line: string, add: number): Promise<{ id: string; quantity: number; op: string }> {
  const id = cartItemId(userId, line);
  for (;;) {
    const existing = await device.data.db.cart_items!.findOne(id).exec();
    if (existing) {
      const updated = await existing.incrementalModify((doc) => ({ ...doc, quantity: Math.min(99, doc.quantity + add) }));
      return { id, quantity: updated.quantity, op: 'patch' };
    }
    try {
      const inserted = await device.data.db.cart_items!.insert(cartRow(userId, line, add));
      return { id, quantity: inserted.quantity, op: 'insert' };
    } catch (error) {
      if ((error as { code?: string }).code !== 'CONFLICT') throw error;
    }
  }
}

export async function runHistory(devices: SimDevice[], userId: string, history: History): Promise<HistoryLog> {
  const log: HistoryLog = { writes: [], trace: [] };
  for (const [step, command] of history.commands.entries()) {
    if (command.kind === 'wait') {
      await new Promise((r) => setTimeout(r, command.ms));
      log.trace.push(`${step}: wait ${command.ms}`);
      continue;
    }
    const d = command.dev % devices.length;
    const device = devices[d]!;
    const write = (w: Omit<Write, 'step' | 'dev'>) => log.writes.push({ ...w, step, dev: d });
    let note = '';
    switch (command.kind) {
      case 'insertDevice': {
        const row = deviceRow(userId, `n${step}-d${d}`);
        await device.data.db.devices!.insert(row);
        write({ collection: 'devices', docId: row.id, field: 'name', value: row.name });
        write({ collection: 'devices', docId: row.id, field: '_deleted', value: false });
        note = row.id;
        break;
      }
      case 'renameDevice':
      case 'removeDevice': {
        const docs = await device.data.db.devices!.find({ sort: [{ id: 'asc' }] }).exec();
        const doc = docs[command.pick % Math.max(1, docs.length)];
        if (!doc) {
          note = 'no document';
          break;
        }
        note = doc.id;
        if (command.kind === 'renameDevice') {
          const name = `r${step}-d${d}`;
          await doc.incrementalPatch({ name });
          write({ collection: 'devices', docId: doc.id, field: 'name', value: name });
        } else {
          await doc.incrementalRemove();
          write({ collection: 'devices', docId: doc.id, field: '_deleted', value: true });
        }
        break;
      }
      case 'addCart': {
        const { id, quantity, op } = await addToCart(device, userId, command.line, command.add);
        write({ collection: 'cart_items', docId: id, field: 'quantity', value: quantity, added: command.add });
        note = `${op} ${id} → ${quantity}`;
        break;
      }
      case 'offline':
        device.online = false;
        break;
      case 'online':
        device.online = true;
        break;
      case 'loseAnswer':
        device.loseAnswers += 1;
        break;
      case 'hang':
        device.hangs.push(command.answer ? 'answer' : 'request');
        break;
      case 'tokenExpires':
        device.token = null;
        break;
      case 'tokenRefreshed':
        await device.renewToken();
        break;
      case 'reload':
        await device.reload();
        break;
      case 'sync':
        // Without a connection or a token nothing can sync: syncNow would wait out its time.
        await device.data.syncNow(device.online && device.token ? 5_000 : 100);
        break;
    }
    log.trace.push(`${step}: d${d} ${command.kind}${note ? ` ${note}` : ''}`);
  }
  return log;
}
