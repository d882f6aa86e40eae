// Simulated garage units for end-to-end tests: paired with the service role as an installer would,
// then running in the test's process on the unit's own credential (simulator/unit.ts), with a short
// door travel so a test opens and closes in seconds. The e2e servers run no simulator of their own
// (SIMULATE_UNITS=0), so each test has exactly the units it starts.
import { LOCAL_ANON_KEY } from '../../../src/lib/env.ts';
import { DEFAULT_JWT_SECRET, demoKey } from '../../../supabase/local/keys.ts';
import { SimulatedUnit, type UnitCredential, type UnitTiming } from '../../../simulator/unit.ts';
import { expect, request } from './test.ts';
import { appOrigin } from './paths.ts';

const SERVICE_KEY = demoKey('service_role', DEFAULT_JWT_SECRET);
export const FAST_TIMING: UnitTiming = { travelMs: 2_000, warningMs: 3_000, heartbeatMs: 5_000 };

export async function pairUnit(deviceId: string): Promise<UnitCredential> {
  const api = await request.newContext({ baseURL: appOrigin() });
  const response = await api.post('/rest/v1/rpc/pair_unit', {
    headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}` },
    data: { p_device_id: deviceId },
  });
  expect(response.status(), await response.text()).toBe(200);
  const credential = (await response.json()) as UnitCredential;
  await api.dispose();
  return credential;
}

/** An indoor unit for the device, paired and powered on (online, door closed). */
export async function startIndoorUnit(deviceId: string, timing: Partial<UnitTiming> = {}): Promise<SimulatedUnit> {
  const unit = new SimulatedUnit({
    url: appOrigin(),
    anonKey: LOCAL_ANON_KEY,
    credential: await pairUnit(deviceId),
    kind: 'indoor_unit',
    timing: { ...FAST_TIMING, ...timing },
  });
  await unit.start();
  return unit;
}
