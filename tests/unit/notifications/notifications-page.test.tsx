import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationsPage } from '@/features/notifications/screens.ts';
import { useUnreadNotificationCount } from '@/features/notifications';
import { userDataStore } from '@/db/user-data-store.ts';
import { renderWithRouter } from '@/test/render.tsx';
import { publish, resetUserData } from '../data-layer/support.ts';
import { databaseWith, notification } from './support.ts';

// The page reads the notifications collection on the device (real RxDB over fake-indexeddb);
// replication of the is_read mark is tested end to end in tests/e2e/notifications.spec.ts.
const USER_ID = '00000000-0000-4000-8000-000000000001';
const OTHER_ID = '00000000-0000-4000-8000-000000000002';

function UnreadCount() {
  return <output aria-label="Unread count">{useUnreadNotificationCount()}</output>;
}

function renderPage() {
  return renderWithRouter(
    <>
      <UnreadCount />
      <NotificationsPage />
    </>,
    { path: '/dashboard/notifications', pages: { '/dashboard/orders': 'Orders page' } },
  );
}

const count = () => screen.getByRole('status', { name: 'Unread count' }).textContent;
const items = () => screen.getAllByTestId('notification');

afterEach(() => resetUserData());

describe('NotificationsPage', () => {
  it('shows skeletons while the database opens, then the list newest first with unread ones marked', async () => {
    userDataStore.setState({ userId: USER_ID, status: 'opening', data: null, error: null, retry: null });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(screen.getByTestId('skeleton-list')).toBeTruthy();

    const data = await databaseWith(USER_ID, ['notifications']);
    await data.db.notifications!.bulkInsert([
      notification(USER_ID, { title: 'Older, read', is_read: true, created_at: '2026-11-20T10:00:00.000Z' }),
      notification(USER_ID, { title: 'Newest, unread', created_at: '2026-11-27T10:00:00.000Z' }),
      notification(USER_ID, { title: 'Middle, unread', type: 'ticket_reply', link: '/support?ticket=1', created_at: '2026-11-25T10:00:00.000Z' }),
      // Someone else's notification never shows (staff devices may hold more than their own).
      notification(OTHER_ID, { title: 'Not mine', created_at: '2026-11-28T10:00:00.000Z' }),
    ]);
    publish(data);

    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items().map((item) => within(item).getByRole('heading').textContent)).toEqual(['Unread: Newest, unread', 'Unread: Middle, unread', 'Older, read']);
    expect(items().map((item) => item.getAttribute('data-unread'))).toEqual(['true', 'true', 'false']);
    expect(within(items()[1]!).getByText(/Ticket reply/)).toBeTruthy();
    expect(within(items()[2]!).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(screen.getByTestId('unread-summary').textContent).toBe('2 unread');
    expect(count()).toBe('2');
  });

  it('marks one read, then all read, in the local database; the count follows', async () => {
    const data = await databaseWith(USER_ID, ['notifications']);
    const first = notification(USER_ID, { title: 'First', created_at: '2026-11-27T10:00:00.000Z' });
    await data.db.notifications!.bulkInsert([first, notification(USER_ID, { title: 'Second', created_at: '2026-11-26T10:00:00.000Z'}), notification(USER_ID, { title: 'Third', created_at: '2026-11-25T10:00:00.000Z' })]);
    publish(data);
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(count()).toBe('3'));
    // The count and the list are separate queries, each answer rendered when React gets to it.
    await waitFor(() => expect(items()).toHaveLength(3));

    await user.click(within(items()[0]!).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(count()).toBe('2'));
    expect((await data.db.notifications!.findOne(first.id).exec())!.is_read).toBe(true);
    expect(items()[0]!.getAttribute('data-unread')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(count()).toBe('0'));
    expect(await data.db.notifications!.find({ selector: { is_read: false } }).exec()).toHaveLength(0);
    expect(screen.getByTestId('unread-summary').textContent).toBe('You are all caught up.');
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('following a notification link marks it read and opens the page in the app', async () => {
    const data = await databaseWith(USER_ID, ['notifications']);
    const item = notification(USER_ID);
    await data.db.notifications!.insert(item);
    publish(data);
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.click(await screen.findByRole('link', { name: 'View details' }));
    expect(await screen.findByText('Orders page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/orders');
    await waitFor(async () => expect((await data.db.notifications!.findOne(item.id).exec())!.is_read).toBe(true));
  });

  it('shows a notification that arrives, live', async () => {
    const data = await databaseWith(USER_ID, ['notifications']);
    publish(data);
    renderPage();
    expect(await screen.findByText('No notifications')).toBeTruthy();
    expect(count()).toBe('0');
    await act(async () => void (await data.db.notifications!.insert(notification(USER_ID, { title: 'Ticket status updated', type: 'ticket_status' }))));
    expect(await screen.findByRole('heading', { name: 'Unread: Ticket status updated' })).toBeTruthy();
    await waitFor(() => expect(count()).toBe('1'));
  });
});
