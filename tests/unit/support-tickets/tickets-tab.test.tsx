import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TicketsTab } from '@/features/support-tickets';
import { registerSyncActions } from '@/db/sync/controller.ts';
import type { PendingWrite, SyncDatabase } from '@/db/sync/sync-db.ts';
import { userDataStore } from '@/db/user-data-store.ts';
import { renderWithProviders } from '@/test/render.tsx';
import { dropSyncDb, freshSyncDb, pendingWrite } from '../sync-center/fixtures.ts';
import { category, publish, reset, supportMessage, ticket, ticketsDatabase } from './support.ts';

// My Tickets reads the tickets, categories and messages collections on this device (real RxDB
// over fake-indexeddb); replication to the server is tested end to end
// (tests/e2e/support-center.spec.ts).
const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const STAFF = '33333333-3333-4333-8333-333333333333';

const renderTab = (query = '') => renderWithProviders(<TicketsTab query={query} onNewTicket={() => {}} />, { notifications: true });

// Mantine's autosizing textarea listens for web fonts loading; jsdom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

let syncDb: SyncDatabase;
let cleanups: (() => void)[] = [];
beforeEach(() => {
  syncDb = freshSyncDb();
});
afterEach(async () => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  await reset();
  await dropSyncDb(syncDb);
});

describe('TicketsTab', () => {
  it('three skeleton cards while the database opens; then the empty state', async () => {
    userDataStore.setState({ userId: USER, status: 'opening', data: null, error: null, retry: null });
    renderTab();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(3);
    publish(await ticketsDatabase(USER));
    expect(await screen.findByRole('heading', { name: 'No Support Tickets' })).toBeTruthy();
    expect(screen.getByText("You haven't created any support tickets yet.")).toBeTruthy();
  });

  it("lists only the user's own tickets, newest first, with category, badges and a pending mark", async () => {
    const data = await ticketsDatabase(USER);
    const billing = category({ name: 'Account & Billing' });
    await data.db.support_categories!.insert(billing);
    const older = ticket(USER, billing.id, { subject: 'Older', status: 'in_progress', priority: 'urgent', created_at: '2026-11-01T00:00:00.000Z' });
    const newer = ticket(USER, billing.id, { subject: 'Newer', created_at: '2026-11-20T00:00:00.000Z' });
    await data.db.support_tickets!.bulkInsert([older, newer, ticket(OTHER, billing.id, { subject: 'Someone else' })]);
    await syncDb.pending.put(pendingWrite({ userId: USER, collection: 'support_tickets', docId: newer.id, op: 'insert' }));
    publish(data);
    renderTab();
    await waitFor(() => expect(screen.getAllByTestId('ticket-subject').map((h) => h.textContent)).toEqual(['Newer', 'Older']));
    const [first, second] = screen.getAllByTestId('ticket-card').map((card) => within(card));
    await waitFor(() => expect(first!.getByTestId('ticket-write-state').textContent).toBe('Pending'));
    expect(second!.getByTestId('ticket-category').textContent).toBe('Account & Billing');
    expect(second!.getByTestId('ticket-status').textContent).toBe('In Progress');
    expect(second!.getByTestId('ticket-priority').textContent).toBe('Urgent');
    expect(second!.queryByTestId('ticket-write-state')).toBeNull();
  });

  it('searching: matches subject, description and category with typos; none says so', async () => {
    const data = await ticketsDatabase(USER);
    const tech = category({ name: 'Technical Support' });
    await data.db.support_categories!.insert(tech);
    await data.db.support_tickets!.bulkInsert([ticket(USER, tech.id, { subject: 'Camera offline' }), ticket(USER, tech.id, { subject: 'Remote battery' })]);
    publish(data);
    const { rerender } = renderTab('camra');
    await waitFor(() => expect(screen.getAllByTestId('ticket-subject').map((h) => h.textContent)).toEqual(['Camera offline']));
    rerender(<TicketsTab query="thermostat" onNewTicket={() => {}} />);
    expect(await screen.findByText('No tickets match your search query.')).toBeTruthy();
  });

  it('details: the public conversation only, "You" and staff names; a blank reply cannot be sent; a reply is written locally', async () => {
    const data = await ticketsDatabase(USER);
    const tech = category();
    await data.db.support_categories!.insert(tech);
    const open = ticket(USER, tech.id, { subject: 'Door stuck' });
    await data.db.support_tickets!.insert(open);
    await data.db.support_messages!.bulkInsert([
      supportMessage(USER, open.id, { message: 'Any news?', author_name: 'Ada Lovelace', created_at: '2026-11-21T11:00:00.000Z' }),
      supportMessage(STAFF, open.id, { message: 'Internal: check batch', is_internal: true, author_name: 'Sam Support', created_at: '2026-11-21T11:30:00.000Z' }),
      supportMessage(STAFF, open.id, { message: 'Please try again now.', author_name: 'Sam Support', created_at: '2026-11-21T12:00:00.000Z' }),
    ]);
    publish(data);
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Door stuck' }));
    await waitFor(() => expect(dialog.getAllByTestId('message-author').map((a) => a.textContent)).toEqual(['You', 'Sam Support']));
    expect(dialog.queryByText('Internal: check batch')).toBeNull();
    const send = dialog.getByRole('button', { name: 'Send Message' });
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(dialog.getByPlaceholderText('Type your message...'), '   ');
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(dialog.getByPlaceholderText('Type your message...'), 'Works now');
    await user.click(send);
    expect(await screen.findByText('Message sent successfully')).toBeTruthy();
    await waitFor(() => expect(dialog.getAllByTestId('message-text').map((m) => m.textContent)).toEqual(['Any news?', 'Please try again now.', 'Works now']));
    const stored = await data.db.support_messages!.find({ selector: { message: 'Works now' } }).exec();
    expect(stored.map((doc) => ({ user: doc.user_id, ticket: doc.ticket_id, internal: doc.is_internal }))).toEqual([{ user: USER, ticket: open.id, internal: false }]);
  });

  it('a closed ticket shows no reply box; an empty conversation says so', async () => {
    const data = await ticketsDatabase(USER);
    const tech = category();
    await data.db.support_categories!.insert(tech);
    await data.db.support_tickets!.insert(ticket(USER, tech.id, { subject: 'Done', status: 'closed' }));
    publish(data);
    renderTab();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'View Details' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Done' }));
    expect(await dialog.findByText('No messages yet')).toBeTruthy();
    expect(dialog.queryByPlaceholderText('Type your message...')).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Send Message' })).toBeNull();
  });

  it('a reply refused because its ticket had not arrived yet is sent again once the ticket is on the server', async () => {
    const data = await ticketsDatabase(USER);
    const tech = category();
    await data.db.support_categories!.insert(tech);
    const offline = ticket(USER, tech.id);
    await data.db.support_tickets!.insert(offline);
    const reply = supportMessage(USER, offline.id);
    await data.db.support_messages!.insert(reply);
    const retryWrite = vi.fn(async (_entry: PendingWrite) => {});
    cleanups.push(registerSyncActions({ retryWrite }));
    const ticketWrite = pendingWrite({ userId: USER, collection: 'support_tickets', docId: offline.id, op: 'insert' });
    const failed = pendingWrite({
      userId: USER, collection: 'support_messages', docId: reply.id, op: 'insert', state: 'failed',
      doc: { ...reply }, error: { code: '42501', message: 'new row violates row-level security policy' },
    });
    await syncDb.pending.bulkPut([ticketWrite, failed]);
    publish(data);
    renderTab();
    await screen.findByTestId('ticket-card');
    // While the ticket is still on its way, the reply waits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(retryWrite).not.toHaveBeenCalled();
    await syncDb.pending.delete(ticketWrite.key);
    await waitFor(() => expect(retryWrite).toHaveBeenCalledTimes(1));
    expect(retryWrite.mock.calls[0]![0]).toMatchObject({ key: failed.key });
    // Once only: a reply the server refuses again stays for the sync center's Retry or Discard.
    await syncDb.pending.update(failed.key, { updatedAt: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(retryWrite).toHaveBeenCalledTimes(1);
  });
});
