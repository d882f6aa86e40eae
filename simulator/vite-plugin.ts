/**
 * Runs the simulated garage units beside `npm start` (vite preview) and mounts their developer
 * controls at /__units: GET lists the units, POST /__units/<device id>/<command> tells one to go
 * online or offline, report an error or maintenance, obstruct its door, type a code on its keypad
 * (`keypad?code=K7M2QX`), or take the credential the owner's app issued (`pair?email=…&secret=…`,
 * as an installer enters it on the unit). Off when
 * SIMULATE_UNITS=0 (the end-to-end tests start the units they need themselves).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';
import type { Fleet } from './fleet.ts';

export function unitSimulator(): { plugin: Plugin; onReady: (stack: { keys: { anonKey: string; serviceRoleKey: string } }, url: string) => void } {
  let fleet: Promise<Fleet> | undefined;
  const enabled = process.env.SIMULATE_UNITS !== '0';

  const onReady = (stack: { keys: { anonKey: string; serviceRoleKey: string } }, url: string) => {
    if (!enabled || fleet) return;
    fleet = import('./fleet.ts').then(({ startFleet }) => startFleet({ url, anonKey: stack.keys.anonKey, serviceRoleKey: stack.keys.serviceRoleKey }));
    fleet.catch((error: unknown) => console.error('[units] the simulator failed to start:', error instanceof Error ? error.message : error));
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const match = /^\/__units(?:\/([0-9a-f-]{36})\/([a-z]+))?\/?$/.exec(url.pathname);
    if (!match) return next();
    if (!fleet) return send(res, 503, { message: 'The unit simulator is not running (SIMULATE_UNITS=0?)' });
    void fleet.then(
      async (running) => {
        const [, deviceId, command] = match;
        if (!deviceId) return send(res, 200, running.units());
        if (req.method !== 'POST') return send(res, 405, { message: 'POST a command' });
        const { UNIT_COMMANDS } = await import('./fleet.ts');
        if (!(UNIT_COMMANDS as readonly string[]).includes(command!)) return send(res, 400, { message: `command must be one of ${UNIT_COMMANDS.join(', ')}` });
        const arg = (name: string) => url.searchParams.get(name) ?? undefined;
        const answer = await running.command(deviceId, command as (typeof UNIT_COMMANDS)[number], { code: arg('code'), email: arg('email'), secret: arg('secret') });
        send(res, 200, { unit: running.units().find((u) => u.device_id === deviceId), ...(answer === undefined ? {} : { answer }) });
      },
      (error: unknown) => send(res, 503, { message: `The unit simulator failed to start: ${(error as Error).message}` }),
    ).catch((error: unknown) => send(res, 404, { message: (error as Error).message }));
  };

  return {
    onReady,
    plugin: {
      name: 'unit-simulator',
      configurePreviewServer(server) {
        server.middlewares.use(middleware);
        server.httpServer.once('close', () => void fleet?.then((f) => f.stop(), () => undefined));
      },
    },
  };
}
