/**
 * One garage unit, simulated, speaking only the protocol a real unit speaks to hosted Supabase
 * (see README.md): it signs in with its own credential, heartbeats through unit_heartbeat, hears
 * door commands over Realtime (and in each heartbeat's answer, in case a message was missed),
 * acknowledges each with unit_ack_command before moving, and reports every door state through
 * unit_report_door. An outdoor unit (camera) only heartbeats.
 */
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

export type DoorState = 'closed' | 'opening' | 'open' | 'closing_soon' | 'closing' | 'stopped';
export type UnitStatus = 'online' | 'offline' | 'maintenance' | 'error';

export interface UnitCredential {
  device_id: string;
  email: string;
  secret: string;
}

export interface UnitTiming {
  /** How long the door takes to open or close (a real opener: 10–15 s). */
  travelMs: number;
  /** The warning (light and beep) before an unattended close. */
  warningMs: number;
  /** How often the unit reports that it is alive. */
  heartbeatMs: number;
}

export const REAL_TIMING: UnitTiming = { travelMs: 12_000, warningMs: 5_000, heartbeatMs: 30_000 };

export interface UnitOptions {
  url: string;
  anonKey: string;
  credential: UnitCredential;
  kind: 'indoor_unit' | 'outdoor_unit';
  firmware?: string;
  status?: UnitStatus;
  door?: DoorState;
  timing?: Partial<UnitTiming>;
  log?: (line: string) => void;
}

interface Command {
  id: string;
  action: 'open' | 'close';
}

/** A supabase-js client for Node (20 has no WebSocket of its own), without stored sessions. */
export function nodeClient(url: string, key: string, autoRefreshToken: boolean): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken, detectSessionInUrl: false },
    realtime: { transport: (globalThis.WebSocket ?? WebSocket) as never },
  });
}

export class SimulatedUnit {
  readonly deviceId: string;
  readonly kind: UnitOptions['kind'];
  status: UnitStatus;
  door: DoorState;
  /** The next close meets an obstruction (a developer's command). */
  obstructNextClose = false;
  private readonly client: SupabaseClient;
  private readonly timing: UnitTiming;
  private readonly firmware: string;
  private readonly log: (line: string) => void;
  private readonly handled = new Set<string>();
  private channel: RealtimeChannel | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private motion: ReturnType<typeof setTimeout> | undefined;
  private running = false;

  constructor(private readonly options: UnitOptions) {
    this.deviceId = options.credential.device_id;
    this.kind = options.kind;
    this.status = options.status ?? 'online';
    this.door = options.door ?? 'closed';
    this.firmware = options.firmware ?? '2.5.0';
    this.timing = { ...REAL_TIMING, ...options.timing };
    this.log = options.log ?? (() => {});
    this.client = nodeClient(options.url, options.anonKey, true);
  }

  get online(): boolean {
    return this.running;
  }

  /** Power on: sign in, say hello, listen for commands, heartbeat. */
  async start(): Promise<void> {
    if (this.running) return;
    const { email, secret } = this.options.credential;
    // Sign-ins are limited per address (30 per 5 minutes on Supabase): wait for a slot, as
    // firmware must after a power cut brings a whole street's units back at once.
    for (let wait = 2_000; ; wait = Math.min(wait * 2, 30_000)) {
      const { error } = await this.client.auth.signInWithPassword({ email, password: secret });
      if (!error) break;
      if (error.status !== 429 || wait > 20_000) throw new Error(`unit ${this.deviceId} could not sign in: ${error.message}`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    this.running = true;
    if (this.kind === 'indoor_unit') {
      await this.listen();
      await this.report(this.door, null);
    }
    await this.beat();
    this.heartbeat = setInterval(() => void this.beat(), this.timing.heartbeatMs);
  }

  /** Power off (or lose the network): say so if it still can, then go silent. */
  async stop(reportOffline = true): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.heartbeat);
    clearTimeout(this.motion);
    if (reportOffline) await this.rpc('unit_heartbeat', { p_status: 'offline' }).catch(() => {});
    if (this.channel) await this.client.removeChannel(this.channel);
    this.channel = undefined;
    await this.client.auth.signOut({ scope: 'local' }).catch(() => {});
  }

  /** Report a status (error, maintenance, online) at once and in every heartbeat after. */
  async setStatus(status: UnitStatus): Promise<void> {
    this.status = status;
    if (this.running) await this.beat();
  }

  /** The next close reverses as if something were in the doorway; a close under way reverses now. */
  obstruct(): void {
    if (this.door === 'closing_soon') {
      clearTimeout(this.motion);
      void this.move('open', 'Obstruction detected: close cancelled');
    } else if (this.door === 'closing') {
      clearTimeout(this.motion);
      void this.move('opening', 'Obstruction detected: reversing', () => this.move('open', null));
    } else {
      this.obstructNextClose = true;
    }
  }

  /**
   * A guest types a code on the keypad: the unit asks the server (unit_redeem_code, the same
   * checks, lockout and door log as redeem_access_code) and opens the door only on its yes.
   */
  async keypad(code: string): Promise<{ ok: boolean; reason: string | null; message: string }> {
    const answer = (await this.rpc('unit_redeem_code', { p_code: code })) as { ok: boolean; reason: string | null; message: string };
    if (answer.ok && this.kind === 'indoor_unit') this.open();
    return answer;
  }

  private async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.channel = this.client
        .channel(`unit-commands:${this.deviceId}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'door_commands', filter: `device_id=eq.${this.deviceId}` }, (payload) => {
          void this.onCommand(payload.new as Command);
        })
        .subscribe((status, error) => {
          if (status === 'SUBSCRIBED') resolve();
          else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(`unit ${this.deviceId}: ${status}`));
        });
    });
  }

  private async beat(): Promise<void> {
    if (!this.running) return;
    try {
      const answer = (await this.rpc('unit_heartbeat', { p_status: this.status, p_firmware_version: this.firmware })) as { pending?: Command[] };
      for (const command of answer?.pending ?? []) void this.onCommand(command);
    } catch (error) {
      this.log(`unit ${this.deviceId}: heartbeat failed: ${(error as Error).message}`);
      // Unpaired, paired again elsewhere, or removed (refused, or its session ended): a real unit
      // goes back to pairing mode and waits for a new credential.
      if (['42501', 'PGRST303'].includes((error as { code?: string }).code ?? '')) await this.stop(false);
    }
  }

  private async onCommand(command: Command): Promise<void> {
    if (!this.running || this.handled.has(command.id)) return;
    this.handled.add(command.id);
    // Acknowledge first, move only on the server's yes: a late command never moves the door.
    const ack = (await this.rpc('unit_ack_command', { p_command_id: command.id }).catch(() => null)) as { ok?: boolean } | null;
    if (!ack?.ok) {
      this.log(`unit ${this.deviceId}: command ${command.id} not carried out (${JSON.stringify(ack)})`);
      return;
    }
    if (command.action === 'open') this.open();
    else this.close();
  }

  private open(): void {
    if (this.door === 'open' || this.door === 'opening') return;
    clearTimeout(this.motion);
    void this.move('opening', null, () => this.move('open', null));
  }

  private close(): void {
    if (this.door === 'closed' || this.door === 'closing' || this.door === 'closing_soon') return;
    clearTimeout(this.motion);
    const half = this.timing.travelMs / 2;
    void this.move('closing_soon', null, () => this.move('closing', null, () => this.halfwayDown(half), half), this.timing.warningMs);
  }

  /** Halfway down the safety beam either sees something (reverse) or the door closes. */
  private async halfwayDown(half: number): Promise<void> {
    if (this.obstructNextClose) {
      this.obstructNextClose = false;
      return this.move('opening', 'Obstruction detected: reversing', () => this.move('open', null), half);
    }
    this.motion = setTimeout(() => void this.move('closed', null), half);
  }

  /** Enter a state, report it, and after `after` ms (travel time by default) run `then`. */
  private async move(state: DoorState, detail: string | null, then?: () => Promise<void>, after = this.timing.travelMs): Promise<void> {
    this.door = state;
    if (then) this.motion = setTimeout(() => void then(), after);
    await this.report(state, detail);
  }

  private async report(state: DoorState, detail: string | null): Promise<void> {
    if (!this.running) return;
    await this.rpc('unit_report_door', { p_state: state, p_detail: detail }).catch((error: Error) => this.log(`unit ${this.deviceId}: report failed: ${error.message}`));
  }

  private async rpc(name: string, args: Record<string, unknown>): Promise<unknown> {
    const { data, error } = await this.client.rpc(name, args);
    if (error) throw Object.assign(new Error(error.message), { code: error.code });
    return data;
  }
}
