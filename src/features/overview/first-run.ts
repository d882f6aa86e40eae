// A new customer's first steps. Each is read from their own data (a device, a guest code, an
// order), except "explore the shop", which is also done by following the checklist's link. Once
// all three are done the checklist is gone for good on this device, even if a code is revoked later.

export interface FirstRunSteps {
  device: boolean;
  guestCode: boolean;
  shop: boolean;
}

export interface FirstRunFacts {
  devices: number;
  guestCodes: number;
  orders: number;
}

const key = (userId: string, what: 'shop' | 'done') => `garage-first-run-${what}:${userId}`;

function read(name: string): boolean {
  try {
    return localStorage.getItem(name) === '1';
  } catch {
    return false;
  }
}

function write(name: string): void {
  try {
    localStorage.setItem(name, '1');
  } catch {
    // Storage blocked: the step is still read from the data next time.
  }
}

export function firstRunSteps(facts: FirstRunFacts, userId: string | null): FirstRunSteps {
  return {
    device: facts.devices > 0,
    guestCode: facts.guestCodes > 0,
    shop: facts.orders > 0 || (userId !== null && read(key(userId, 'shop'))),
  };
}

/** True once every step was done (remembered, so the checklist does not come back). */
export function firstRunDone(steps: FirstRunSteps, userId: string | null): boolean {
  if (userId !== null && read(key(userId, 'done'))) return true;
  const done = steps.device && steps.guestCode && steps.shop;
  if (done && userId !== null) write(key(userId, 'done'));
  return done;
}

/** The checklist's shop link was followed. */
export function noteShopExplored(userId: string | null): void {
  if (userId !== null) write(key(userId, 'shop'));
}
