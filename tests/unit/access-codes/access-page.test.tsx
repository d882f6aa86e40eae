import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessPage } from '@/features/access-codes/screens.ts';
import type { AppDatabase } from '@/db/database.ts';
import { renderWithRouter } from '@/test/render.tsx';
import { closeUserDatabase, device, DEVICE_ID, doorEvent, openUserDatabase, permission, USER_ID } from './support.ts';

// The page reads and writes the access_permissions collection on the device (real RxDB over
// fake-indexeddb); how the rows reach the server is tested end to end (tests/e2e/access.spec.ts).
let db: AppDatabase | undefined;
afterEach(async () => {
  await closeUserDatabase(db);
  db = undefined;
});

const HOUR = 60 * 60 * 1000;
const cardOf = (code: string) => screen.getAllByTestId('access-card').find((card) => card.dataset.code === code)!;

function renderPage(props: Parameters<typeof AccessPage>[0] = {}) {
  return renderWithRouter(<AccessPage {...props} />, { path: '/dashboard/access', notifications: true, pages: { '/dashboard/devices': 'Devices page' } });
}

describe('AccessPage', () => {
  it('lists the codes newest first with their state; only active ones are revocable, the others dimmed', async () => {
    db = await openUserDatabase();
    await db.devices!.insert(device());
    await db.access_permissions!.bulkInsert([
      permission({ access_code: 'T5WB6C', expires_at: new Date(Date.now() - HOUR).toISOString(), max_usage: 5, usage_count: 5, created_at: '2026-11-05T00:00:00.000Z' }),
      permission({ access_code: 'G2ZK8E', max_usage: 4, usage_count: 4, is_active: false, created_at: '2026-11-04T00:00:00.000Z' }),
      permission({ access_code: 'R9FJ1Y', is_active: false, created_at: '2026-11-03T00:00:00.000Z' }),
      permission({ access_code: 'K7M2QX', max_usage: 20, usage_count: 3, granted_to_email: 'dana@example.com', created_at: '2026-11-06T00:00:00.000Z' }),
      permission({ access_code: 'OTHER1', user_id: '00000000-0000-4000-8000-000000000002' }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Permissions' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('access-card').map((card) => card.dataset.code)).toEqual(['K7M2QX', 'T5WB6C', 'G2ZK8E', 'R9FJ1Y']));
    const expected = { K7M2QX: 'Active', T5WB6C: 'Expired', G2ZK8E: 'Limit Reached', R9FJ1Y: 'Revoked' };
    for (const [code, state] of Object.entries(expected)) {
      const card = within(cardOf(code));
      expect(card.getByTestId('access-state').textContent).toBe(state);
      expect(card.queryByRole('button', { name: 'Revoke' }) !== null).toBe(state === 'Active');
      expect(cardOf(code).dataset.dimmed).toBe(state === 'Active' ? undefined : 'true');
    }
    const active = within(cardOf('K7M2QX'));
    expect(active.getByRole('heading', { name: 'Main Garage Door' })).toBeTruthy();
    expect(active.getByTestId('access-holder').textContent).toBe('Dana · dana@example.com');
    expect(active.getByTestId('access-uses').textContent).toBe('17 of 20 uses left');
    expect(active.getByTestId('access-expiry').textContent).toBe('No expiry');
  });

  it('turns a code Expired when its expiry passes while the page is open', async () => {
    db = await openUserDatabase();
    await db.devices!.insert(device());
    await db.access_permissions!.insert(permission({ access_code: 'SOON01', expires_at: new Date(Date.now() + 1200).toISOString() }));
    renderPage();
    await waitFor(() => expect(within(cardOf('SOON01')).getByTestId('access-state').textContent).toBe('Active'));
    await waitFor(() => expect(within(cardOf('SOON01')).getByTestId('access-state').textContent).toBe('Expired'), { timeout: 4000 });
    expect(within(cardOf('SOON01')).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('creates a code on the device and says so; without a device chosen, submitting does nothing', async () => {
    db = await openUserDatabase();
    await db.devices!.bulkInsert([device(), device({ id: '20000000-0000-4000-8000-000000000002', name: 'Side Door', created_at: '2026-11-02T00:00:00.000Z' })]);
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('No access permissions found')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create Access Code' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Access Code' }));
    expect((dialog.getByLabelText('Permission Type') as HTMLSelectElement).value).toBe('guest');

    await user.click(dialog.getByRole('button', { name: 'Create Access Code' }));
    expect(document.activeElement).toBe(dialog.getByLabelText(/Device/));
    expect(await db.access_permissions!.count().exec()).toBe(0);

    await user.selectOptions(dialog.getByLabelText(/Device/), 'Side Door');
    await user.selectOptions(dialog.getByLabelText('Permission Type'), 'temporary');
    await user.type(dialog.getByLabelText('Granted To'), 'Northside Plumbing');
    await user.type(dialog.getByLabelText('Max Usage'), '5');
    await user.click(dialog.getByRole('button', { name: 'Create Access Code' }));

    const toast = await screen.findByText(/^Access code [A-Z0-9]{6} created successfully$/);
    const code = toast.textContent!.slice(12, 18);
    const [stored] = await db.access_permissions!.find().exec();
    expect(stored!.toJSON()).toMatchObject({
      user_id: USER_ID,
      device_id: '20000000-0000-4000-8000-000000000002',
      permission_type: 'temporary',
      access_code: code,
      granted_to_name: 'Northside Plumbing',
      granted_to_email: null,
      expires_at: null,
      max_usage: 5,
      usage_count: 0,
      is_active: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Access Code' })).toBeNull());
    expect(within(cardOf(code)).getByRole('heading', { name: 'Side Door' })).toBeTruthy();
  });

  it('revokes after confirmation, copies the code, and shares a QR code with the text', async () => {
    db = await openUserDatabase();
    await db.devices!.insert(device());
    const code = permission({ access_code: 'K7M2QX', max_usage: 20, usage_count: 3 });
    await db.access_permissions!.insert(code);
    renderPage();
    const user = userEvent.setup();
    await waitFor(() => expect(cardOf('K7M2QX')).toBeTruthy());

    await user.click(within(cardOf('K7M2QX')).getByRole('button', { name: 'Copy code K7M2QX' }));
    expect(await screen.findByText('Access code copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('K7M2QX');

    await user.click(within(cardOf('K7M2QX')).getByRole('button', { name: 'Share' }));
    const share = within(await screen.findByRole('dialog', { name: 'Share Access Code' }));
    const qr = (await share.findByRole('img', { name: 'QR code of access code K7M2QX' })) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(share.getByTestId('share-text').textContent).toBe('GarageGuard access code: K7M2QX\nDoor: Main Garage Door\n17 uses left');
    await user.click(share.getByRole('button', { name: 'Share code' }));
    expect(await screen.findByText('Access details copied to clipboard')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('GarageGuard access code: K7M2QX\nDoor: Main Garage Door\n17 uses left');
    await user.click(share.getByRole('button', { name: 'Close' }));

    await user.click(within(cardOf('K7M2QX')).getByRole('button', { name: 'Revoke' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke Access Code' }));
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Access permission revoked')).toBeTruthy();
    expect((await db.access_permissions!.findOne(code.id).exec())!.is_active).toBe(false);
    await waitFor(() => expect(within(cardOf('K7M2QX')).getByTestId('access-state').textContent).toBe('Revoked'));
  });

  it('tells the user when the server replaced one of their codes, not on first load', async () => {
    db = await openUserDatabase();
    await db.devices!.insert(device());
    const mine = permission({ access_code: 'ZZZ111' });
    await db.access_permissions!.insert(mine);
    renderPage();
    await waitFor(() => expect(cardOf('ZZZ111')).toBeTruthy());
    expect(screen.queryByText('Access code changed')).toBeNull();

    // What replication does when the server's row arrives with its new code.
    await act(async () => void (await db!.access_permissions!.findOne(mine.id).exec())!.incrementalPatch({ access_code: 'XYZ789' }));
    expect(await screen.findByText('Access code changed')).toBeTruthy();
    expect(screen.getByText('The code ZZZ111 was already in use on Main Garage Door, so this code is now XYZ789.')).toBeTruthy();
    expect(cardOf('XYZ789')).toBeTruthy();
  });

  it('keeps the dialog open with an error toast when the code cannot be stored, and reports a failed revoke', async () => {
    db = await openUserDatabase();
    await db.devices!.insert(device());
    await db.access_permissions!.insert(permission({ access_code: 'K7M2QX' }));
    renderPage();
    const user = userEvent.setup();
    await waitFor(() => expect(cardOf('K7M2QX')).toBeTruthy());
    // The device's storage refuses the write (full, or closed under the page).
    vi.spyOn(db.access_permissions!, 'insert').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await user.click(screen.getByRole('button', { name: 'Create Access Code' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Access Code' }));
    await user.click(dialog.getByRole('button', { name: 'Create Access Code' }));
    expect(await screen.findByText('Failed to create access permission')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Create Access Code' })).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));

    await user.click(within(cardOf('K7M2QX')).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Access Code' });
    await db.access_permissions!.findOne({ selector: { access_code: 'K7M2QX' } }).remove();
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Failed to revoke access permission')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Revoke Access Code' })).toBeTruthy();
  });

  it("shows a code's door log, newest first", async () => {
    db = await openUserDatabase();
    await db.devices!.insert(device());
    const used = permission({ access_code: 'D4LV9R' });
    const fresh = permission({ access_code: 'NEW001' });
    await db.access_permissions!.bulkInsert([used, fresh]);
    await db.device_events!.bulkInsert([
      doorEvent({ permission_id: used.id, kind: 'code_redeemed', created_at: '2026-11-10T08:00:00.000Z' }),
      doorEvent({ permission_id: used.id, kind: 'code_refused', detail: 'Expired', created_at: '2026-11-11T08:00:00.000Z' }),
      doorEvent({ permission_id: used.id, kind: 'code_created', created_at: '2026-11-09T08:00:00.000Z' }),
      doorEvent({ permission_id: fresh.id, kind: 'code_redeemed', device_id: DEVICE_ID, created_at: '2026-11-12T08:00:00.000Z' }),
    ]);
    renderPage();
    const user = userEvent.setup();
    await waitFor(() => expect(cardOf('D4LV9R')).toBeTruthy());
    const toggle = within(cardOf('D4LV9R')).getByRole('button', { name: 'Door log' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(within(cardOf('D4LV9R')).getAllByTestId('door-log-entry').map((li) => li.textContent)).toEqual([expect.stringMatching(/Refused: Expired$/), expect.stringMatching(/Opened$/)]));
  });

  it('says so when there are no devices, with a way to add one', async () => {
    db = await openUserDatabase();
    renderPage({ create: 'guest' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Create Access Code' }));
    expect(await dialog.findByText('You have no devices yet')).toBeTruthy();
    await userEvent.setup().click(dialog.getByRole('link', { name: 'Go to Devices' }));
    expect(await screen.findByText('Devices page')).toBeTruthy();
  });
});
