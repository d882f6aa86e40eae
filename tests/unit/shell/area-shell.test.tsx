import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AreaShell } from '@/app/shell/area/AreaShell.tsx';
import { ADMIN_AREA, CUSTOMER_AREA, groupNavItems, type AreaConfig } from '@/app/shell/area/areas.ts';
import { SIDEBAR_COOKIE } from '@/app/shell/area/sidebar-state.ts';
import { authStore, type Role } from '@/features/auth';
import { renderWithRouter } from '@/test/render.tsx';
import { publish, resetUserData } from '../data-layer/support.ts';
import { databaseWith, notification } from '../notifications/support.ts';

const USER = '00000000-0000-4000-8000-000000000001';

function signIn(role: Role, firstName: string | null) {
  act(() =>
    authStore.setState({
      status: 'signed-in',
      user: { id: USER, email: 'ada@example.com' },
      profile: { userId: USER, firstName, lastName: null, email: 'ada@example.com', role },
      profileStatus: 'loaded',
    }),
  );
}

function renderShell(area: AreaConfig, path = area.root) {
  return renderWithRouter(
    <AreaShell area={area}>
      <p>Page</p>
    </AreaShell>,
    { path },
  );
}

const clearCookie = () => (document.cookie = `${SIDEBAR_COOKIE}=; path=/; max-age=0`);

beforeEach(clearCookie);
afterEach(() => {
  clearCookie();
  resetUserData();
  authStore.setState({ status: 'signed-out', user: null, profile: null, profileStatus: 'idle' });
});

describe('the admin shell', () => {
  it("is headed 'Admin Dashboard', labels the user 'Administrator' and groups the sidebar under Overview and Administration", async () => {
    signIn('admin', null);
    renderShell(ADMIN_AREA);
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    const user = screen.getByTestId('area-user');
    expect(user.textContent).toBe('AdminAdministrator');
    const nav = screen.getByRole('navigation', { name: 'Admin Dashboard' });
    const overview = within(nav).getByRole('group', { name: 'Overview' });
    expect(within(overview).getAllByRole('link').map((link) => link.textContent)).toEqual(['Mission Control']);
    const administration = within(nav).getByRole('group', { name: 'Administration' });
    expect(within(administration).getAllByRole('link').map((link) => link.textContent)).toEqual(['Inventory', 'Financial', 'Access Logs', 'Content', 'Support Dashboard', 'Settings']);
  });

  it('collapsed, hides the group headings but keeps the groups named', async () => {
    signIn('admin', 'Alex');
    const user = userEvent.setup();
    renderShell(ADMIN_AREA);
    expect((await screen.findByTestId('area-user')).textContent).toBe('AlexAdministrator');
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.queryByText('Administration')).toBeNull();
    expect(screen.getByRole('group', { name: 'Administration' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inventory' })).toBeTruthy();
  });
});

describe('the customer shell', () => {
  it("keeps 'User' and 'Customer' and has no group headings", async () => {
    signIn('customer', null);
    renderShell(CUSTOMER_AREA);
    expect((await screen.findByTestId('area-user')).textContent).toBe('UserCustomer');
    expect(screen.queryAllByTestId('area-nav-group')).toHaveLength(0);
  });

  it('keeps the collapsed state in a 7-day cookie and reads it back on mount', async () => {
    signIn('customer', 'Casey');
    const user = userEvent.setup();
    const first = renderShell(CUSTOMER_AREA);
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);
    first.unmount();

    renderShell(CUSTOMER_AREA);
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    expect(screen.queryByTestId('area-user')).toBeNull();
    await user.keyboard('{Control>}b{/Control}');
    expect(await screen.findByTestId('area-user')).toBeTruthy();
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=true`);
  });

  it('shows the unread count on Notifications, live', async () => {
    signIn('customer', 'Casey');
    const data = await databaseWith(USER, ['notifications']);
    await data.db.notifications!.bulkInsert([notification(USER), notification(USER), notification(USER, { is_read: true })]);
    publish(data);
    renderShell(CUSTOMER_AREA);
    const link = await screen.findByRole('link', { name: 'Notifications 2 unread' });
    expect(within(link).getByTestId('unread-badge').textContent).toBe('22 unread');
    await act(async () => void (await data.db.notifications!.insert(notification(USER))));
    expect(await screen.findByRole('link', { name: 'Notifications 3 unread' })).toBeTruthy();
    await act(async () => {
      const unread = await data.db.notifications!.find({ selector: { is_read: false } }).exec();
      await Promise.all(unread.map((doc) => doc.incrementalPatch({ is_read: true })));
    });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications' }).textContent).toBe('Notifications'));
  });
});

describe('groupNavItems', () => {
  it('keeps entries without a group together and groups runs of one heading', () => {
    expect(groupNavItems(CUSTOMER_AREA.nav).map((group) => [group.heading, group.items.length])).toEqual([[null, CUSTOMER_AREA.nav.length]]);
    expect(groupNavItems(ADMIN_AREA.nav).map((group) => [group.heading, group.items.length])).toEqual([
      ['Overview', 1],
      ['Administration', 6],
    ]);
  });
});
