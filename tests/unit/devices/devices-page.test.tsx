import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DevicesPage } from '@/features/devices';
import { userDataStore } from '@/db/user-data-store.ts';
import { renderWithRouter } from '@/test/render.tsx';
import { dropSyncDb, freshSyncDb, pendingWrite } from '../sync-center/fixtures.ts';
import type { SyncDatabase } from '@/db/sync/sync-db.ts';
import { device, deviceEvent, devicesDatabase, publish, reset } from './support.ts';

// The page reads and writes the devices collection on this device (real RxDB over
// fake-indexeddb); replication to the server is tested end to end (tests/e2e/devices.spec.ts).
const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const toast = (title: string) => screen.findByText(title, { selector: '.mantine-Notification-title' });
// A router: each device card links to the Support Center ('Get help').
const renderPage = () => renderWithRouter(<DevicesPage />, { path: '/dashboard/devices', pages: { '/support': 'Support Center' }, notifications: true });

let syncDb: SyncDatabase;
beforeEach(() => {
  syncDb = freshSyncDb();
});
afterEach(async () => {
  await reset();
  await dropSyncDb(syncDb);
});

describe('DevicesPage', () => {
  it('shows skeletons while the database opens, then the user’s devices newest first with their facts', async () => {
    userDataStore.setState({ userId: USER, status: 'opening', data: null, error: null, retry: null });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Device Management' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading your devices');

    const data = await devicesDatabase(USER);
    const recent = new Date(Date.now() - 5 * 60_000).toISOString();
    await data.db.devices!.bulkInsert([
      device(USER, { name: 'Side Gate', device_type: 'outdoor_unit', status: 'error', created_at: '2026-11-01T00:00:00.000Z', last_seen: recent }),
      device(USER, { name: 'Basement Battery', device_type: 'backup_battery', status: 'maintenance', location: null, serial_number: null, firmware_version: null, created_at: '2026-11-20T00:00:00.000Z' }),
      device(OTHER, { name: 'Not mine', created_at: '2026-12-01T00:00:00.000Z' }),
    ]);
    publish(data);

    const cards = await screen.findAllByTestId('device-card');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['Basement Battery', 'Side Gate']);
    const [battery, gate] = cards.map((card) => within(card));
    expect(battery!.getByTestId('device-type').textContent).toBe('Backup Battery');
    expect(battery!.getByTestId('device-status').textContent).toBe('Maintenance');
    expect(battery!.getByTestId('device-last-seen').textContent).toBe('Never');
    expect(battery!.getByTestId('device-location').textContent).toBe('Not set');
    expect(battery!.getByTestId('device-firmware').textContent).toBe('Unknown');
    expect(gate!.getByTestId('device-status').textContent).toBe('Error');
    expect(gate!.getByTestId('device-last-seen').textContent).toBe('5 minutes ago');
    expect(gate!.getByTestId('device-serial').textContent).toBe('GG-IN-0001');
    // The outdoor unit is the camera: a camera picture, not a door.
    expect(gate!.getByTestId('device-type-icon').dataset.icon).toBe('camera');
    expect(gate!.getByTestId('device-type-icon').querySelector('svg')!.classList.contains('tabler-icon-device-cctv')).toBe(true);
    expect(battery!.getByTestId('device-type-icon').dataset.icon).toBe('battery');
    expect(gate!.getByRole('button', { name: 'Settings for Side Gate' })).toBeTruthy();
    expect(gate!.getByRole('button', { name: 'Control Side Gate' })).toBeTruthy();
    expect(gate!.getByRole('link', { name: 'Get help with Side Gate' }).getAttribute('href')).toBe(`/support?device=${cards[1]!.dataset.deviceId}`);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('marks a device whose change is not on the server yet, or was refused', async () => {
    const data = await devicesDatabase(USER);
    // Newest first: A (Nov 21) before B (Nov 2).
    const [a, b] = [device(USER, { name: 'A' }), device(USER, { name: 'B', created_at: '2026-11-02T00:00:00.000Z' })];
    await data.db.devices!.bulkInsert([a, b]);
    publish(data);
    await syncDb.pending.bulkPut([pendingWrite({ userId: USER, docId: a.id }), pendingWrite({ userId: USER, docId: b.id, state: 'failed' })]);
    renderPage();
    await waitFor(() => expect(screen.getAllByTestId('device-write-state').map((badge) => badge.textContent)).toEqual(['Pending', 'Failed']));
  });

  it('empty: Add Your First Device opens the dialog; an empty name does nothing; a new device appears offline', async () => {
    const data = await devicesDatabase(USER);
    publish(data);
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'No devices found' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Your First Device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Device' });
    const name = within(dialog).getByRole('textbox', { name: /Device Name/ });
    expect(name.hasAttribute('required')).toBe(true);
    expect((within(dialog).getByRole('combobox', { name: 'Device Type' }) as HTMLSelectElement).value).toBe('indoor_unit');

    // The spec's silent no-op: nothing written, no message, the dialog stays.
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
    expect(within(dialog).queryByText(/must be|Enter a/)).toBeNull();
    expect(await data.db.devices!.count().exec()).toBe(0);

    await user.clear(name);
    await user.type(name, '  Main Garage Door ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Device Type' }), 'outdoor_unit');
    await user.type(within(dialog).getByRole('textbox', { name: 'Location' }), 'Front garage');
    await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
    expect(await toast('Success')).toBeTruthy();
    expect(screen.getByText('Device added successfully')).toBeTruthy();

    const card = within(await screen.findByTestId('device-card'));
    expect(card.getByRole('heading', { name: 'Main Garage Door' })).toBeTruthy();
    expect(card.getByTestId('device-status').textContent).toBe('Offline');
    expect(card.getByTestId('device-type').textContent).toBe('Outdoor Unit');
    const [stored] = (await data.db.devices!.find().exec()).map((doc) => doc.toJSON());
    expect(stored).toMatchObject({ user_id: USER, name: 'Main Garage Door', device_type: 'outdoor_unit', location: 'Front garage', serial_number: null, status: 'offline', firmware_version: null, last_seen: null });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Device' })).toBeNull());

    // Reopened, it starts empty again.
    await user.click(screen.getByRole('button', { name: 'Add Device' }));
    expect((within(await screen.findByRole('dialog', { name: 'Add Device' })).getByRole('textbox', { name: /Device Name/ }) as HTMLInputElement).value).toBe('');
  });

  it('says which field is too long, and keeps the dialog and its text when the write fails', async () => {
    const data = await devicesDatabase(USER);
    publish(data);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Device' });
    const name = within(dialog).getByRole('textbox', { name: /Device Name/ });
    await user.click(name);
    await user.paste('x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
    expect(within(dialog).getByText('Device name must be at most 100 characters')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.clear(name);
    await user.type(name, 'Garage');
    vi.spyOn(data.db.devices!, 'insert').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Device' }));
    expect(await toast('Error')).toBeTruthy();
    expect(screen.getByText('Failed to add device')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Device' })).toBeTruthy();
    expect((name as HTMLInputElement).value).toBe('Garage');
    expect(await data.db.devices!.count().exec()).toBe(0);
  });

  it('Settings renames and moves a device; Remove (after confirming) soft-deletes it', async () => {
    const data = await devicesDatabase(USER);
    const garage = device(USER, { name: 'Garage', location: 'Front' });
    await data.db.devices!.insert(garage);
    publish(data);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings for Garage' }));
    let dialog = await screen.findByRole('dialog', { name: 'Settings for Garage' });
    const name = within(dialog).getByRole('textbox', { name: /Device Name/ });
    await user.clear(name);
    await user.type(name, 'Side Door ');
    const location = within(dialog).getByRole('textbox', { name: 'Location' });
    await user.clear(location);
    await user.type(location, 'Back yard');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device updated successfully')).toBeTruthy();
    const card = within(await screen.findByTestId('device-card'));
    await waitFor(() => expect(card.getByRole('heading', { level: 2 }).textContent).toBe('Side Door'));
    expect(card.getByTestId('device-location').textContent).toBe('Back yard');

    await user.click(screen.getByRole('button', { name: 'Settings for Side Door' }));
    dialog = await screen.findByRole('dialog', { name: 'Settings for Side Door' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove device' }));
    // Escape leaves the confirmation only; the settings stay open.
    await screen.findByRole('dialog', { name: 'Remove device?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove device?' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Settings for Side Door' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove device' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove device?' });
    expect(confirm.textContent).toContain('Access codes for this device will stop working.');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Device removed')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No devices found' })).toBeTruthy();
    // A soft delete: RxDB keeps the tombstone for replication.
    expect(await data.db.devices!.count().exec()).toBe(0);
    const stored = await data.db.devices!.storageInstance.findDocumentsById([garage.id], true);
    expect(stored[0]?._deleted).toBe(true);
  });

  it('when a change cannot be written: an Error toast, and the dialog stays open as it was', async () => {
    const data = await devicesDatabase(USER);
    await data.db.devices!.insert(device(USER, { name: 'Garage' }));
    publish(data);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Settings for Garage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settings for Garage' });
    const failing = vi.spyOn(data.db.devices!, 'findOne').mockImplementation(() => {
      throw new Error('The database is closed');
    });
    await user.type(within(dialog).getByRole('textbox', { name: /Device Name/ }), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update device')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Device Name/ }) as HTMLInputElement).value).toBe('Garage 2');

    await user.click(within(dialog).getByRole('button', { name: 'Remove device' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove device?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove device')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Remove device?' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Settings for Garage' })).toBeTruthy();
    failing.mockRestore();
    expect(await data.db.devices!.count().exec()).toBe(1);
    expect(screen.getByTestId('device-card').textContent).toContain('Garage');
  });

  it('Control shows live status, last seen and the door log, newest first, as they change', async () => {
    const data = await devicesDatabase(USER);
    // Heard from 70 s ago: still online (a unit heartbeats every 30 s; silent for 90 s it reads offline).
    const gate = device(USER, { name: 'Gate', status: 'online', last_seen: new Date(Date.now() - 70_000).toISOString(), firmware_version: '3.0.1' });
    const other = device(USER, { name: 'Other' });
    await data.db.devices!.bulkInsert([gate, other]);
    await data.db.device_events!.bulkInsert([
      deviceEvent(USER, gate.id, { kind: 'code_refused', access_code: 'XXXX', detail: 'Expired', created_at: '2026-11-21T09:00:00.000Z' }),
      deviceEvent(USER, other.id, { access_code: 'OTHER1' }),
    ]);
    publish(data);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Control Gate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Control Gate' }));
    expect(dialog.getByTestId('control-status').textContent).toBe('Online');
    expect(dialog.getByTestId('control-last-seen').textContent).toBe('Last seen 1 minute ago');
    expect(dialog.getByText('3.0.1')).toBeTruthy();
    await waitFor(() => expect(dialog.getAllByTestId('door-log-entry').map((entry) => entry.textContent)).toEqual([expect.stringContaining('Code XXXX refused: Expired')]));

    await act(async () => {
      await data.db.devices!.findOne(gate.id).exec().then((doc) => doc!.incrementalPatch({ status: 'error', last_seen: new Date().toISOString() }));
      await data.db.device_events!.insert(deviceEvent(USER, gate.id, { kind: 'status_changed', access_code: null, previous_status: 'online', status: 'error', created_at: new Date().toISOString() }));
    });
    await waitFor(() => expect(dialog.getByTestId('control-status').textContent).toBe('Error'));
    expect(dialog.getByTestId('control-last-seen').textContent).toBe('Last seen just now');
    await waitFor(() =>
      expect(dialog.getAllByTestId('door-log-entry').map((entry) => entry.textContent)).toEqual([
        'Status changed from online to errorjust now',
        expect.stringContaining('Code XXXX refused: Expired'),
      ]),
    );
  });

  it('a unit the database still calls online but that has been silent for 90 s reads offline, on its card and in Control, as its door does', async () => {
    const data = await devicesDatabase(USER);
    const silent = device(USER, { name: 'Silent Door', device_type: 'indoor_unit', status: 'online', last_seen: new Date(Date.now() - 9 * 60_000).toISOString() });
    const battery = device(USER, { name: 'Old Battery', device_type: 'backup_battery', status: 'online', last_seen: new Date(Date.now() - 9 * 60_000).toISOString() });
    await data.db.devices!.bulkInsert([silent, battery]);
    publish(data);
    renderPage();
    const card = within((await screen.findAllByTestId('device-card')).find((c) => c.textContent?.includes('Silent Door'))!);
    expect(card.getByTestId('device-status').textContent).toBe('Offline');
    expect(card.getByText('The unit is offline, so the door cannot be opened or closed from the app.')).toBeTruthy();
    // A battery sends no heartbeats: its status is what the database says.
    const batteryCard = within(screen.getAllByTestId('device-card').find((c) => c.textContent?.includes('Old Battery'))!);
    expect(batteryCard.getByTestId('device-status').textContent).toBe('Online');
    await userEvent.setup().click(card.getByRole('button', { name: 'Control Silent Door' }));
    expect(within(await screen.findByRole('dialog', { name: 'Control Silent Door' })).getByTestId('control-status').textContent).toBe('Offline');

    // This phone offline: it cannot hear the unit either way, so the card keeps the last known status.
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => void window.dispatchEvent(new Event('offline')));
      await waitFor(() => expect(card.getByTestId('device-status').textContent).toBe('Online'));
    } finally {
      onLine.mockRestore();
      act(() => void window.dispatchEvent(new Event('online')));
    }
  });

  it('Control says when a device has no door activity', async () => {
    const data = await devicesDatabase(USER);
    await data.db.devices!.insert(device(USER, { name: 'Quiet' }));
    publish(data);
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Control Quiet' }));
    expect(await screen.findByTestId('door-log-empty')).toBeTruthy();
  });

  it('when the database cannot be read: an Error toast and an inline message whose Retry opens it again', async () => {
    const retry = vi.fn();
    userDataStore.setState({ userId: USER, status: 'failed', data: null, error: new Error('IndexedDB is blocked'), retry });
    renderPage();
    expect(await toast('Error')).toBeTruthy();
    expect(screen.getAllByText('Failed to fetch devices')).toHaveLength(2);
    await userEvent.setup().click(within(screen.getByTestId('devices-error')).getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
