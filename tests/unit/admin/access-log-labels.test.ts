// Access Logs in words: actions, users and resources by name (never a uuid as the main text), and
// the pages of the list.
import { describe, expect, it } from 'vitest';
import { KNOWN_ACTIONS } from '@/features/access-logs/data/access-logs.ts';
import { ACTION_LABELS, actionLabel, actionsLabelled, namesToFetch, NO_NAMES, resourceLabel, userLabel, type LogNames } from '@/features/access-logs/log-labels.ts';
import { logPage, showingText } from '@/features/access-logs/paging.ts';

const TICKET = '10000000-0000-4000-8000-000000000002';
const DEVICE = '20000000-0000-4000-8000-000000000001';
const USER = '00000000-0000-4000-8000-000000000003';
const names: LogNames = {
  users: { [USER]: { name: 'Sam Support', email: 'support@example.com' }, nameless: { name: null, email: 'x@example.com' } },
  resources: { [`support_tickets/${TICKET}`]: "Door won't close", 'orders/60000000-0000-4000-8000-000000000004': '100004' },
};
const UUID_ANYWHERE = /[0-9a-f]{8}-[0-9a-f]{4}/i;

describe('actionLabel', () => {
  it('says what happened in words; door commands name the command; an unknown code stays', () => {
    expect(actionLabel('login_failed')).toBe('Failed sign-in');
    expect(actionLabel('ticket.status')).toBe('Ticket status changed');
    expect(actionLabel('door.open')).toBe('Door command: open');
    expect(actionLabel('brand.new')).toBe('brand.new');
  });
});

describe('actionsLabelled', () => {
  it('is every action whose words contain the text, ignoring case and surrounding spaces', () => {
    expect(actionsLabelled('Failed sign-in')).toEqual(['login_failed']);
    expect(actionsLabelled('  FAILED SIGN ')).toEqual(['login_failed']);
    expect(actionsLabelled('sign-in')).toEqual(['login', 'login_failed']);
    expect(actionsLabelled('ticket')).toEqual(['ticket.status', 'ticket.assign']);
    expect(actionsLabelled('article deleted')).toEqual(['kb_article.delete']);
  });

  it('includes the door commands, which have words but no fixed label', () => {
    expect(actionsLabelled('door command')).toEqual(['door.open', 'door.close']);
    expect(actionsLabelled('Door command: close')).toEqual(['door.close']);
  });

  it('matches the words, not the codes, and nothing for empty text', () => {
    expect(actionsLabelled('login_failed')).toEqual([]);
    expect(actionsLabelled('kb_article')).toEqual([]);
    expect(actionsLabelled('')).toEqual([]);
    expect(actionsLabelled('   ')).toEqual([]);
    expect(actionsLabelled('no such words')).toEqual([]);
  });

  it('gives words to every action it returns', () => {
    for (const code of actionsLabelled('e')) expect(actionLabel(code)).not.toBe(code);
  });
});

describe('userLabel', () => {
  it('is the name, else the e-mail, else "Unknown user"; no user is null', () => {
    expect(userLabel(USER, names)).toBe('Sam Support');
    expect(userLabel('nameless', names)).toBe('x@example.com');
    expect(userLabel(DEVICE, names)).toBe('Unknown user');
    expect(userLabel(null, names)).toBeNull();
  });
});

describe('resourceLabel', () => {
  it('names the row a resource points at', () => {
    expect(resourceLabel(`support_tickets/${TICKET}`, names)).toBe('Ticket “Door won\'t close”');
    expect(resourceLabel('orders/60000000-0000-4000-8000-000000000004', names)).toBe('Order #100004');
    expect(resourceLabel(`profiles/${USER}`, names)).toBe('Sam Support');
    expect(resourceLabel('auth/customer@example.com', names)).toBe('customer@example.com');
    expect(resourceLabel('financial/this_month', names)).toBe('Financial report, this month');
    expect(resourceLabel('access_logs', names)).toBe('Access logs');
    expect(resourceLabel('inventory/GG-DS-011', names)).toBe('Inventory item GG-DS-011');
  });

  it('says what kind of row an unreadable one is, never its uuid', () => {
    for (const resource of [`devices/${DEVICE}`, `kb_articles/${TICKET}`, `cms_content/${TICKET}`, `inventory/${TICKET}`, `profiles/${DEVICE}`]) {
      expect(resourceLabel(resource, NO_NAMES)).not.toMatch(UUID_ANYWHERE);
    }
    expect(resourceLabel(`devices/${DEVICE}`, NO_NAMES)).toBe('A garage unit');
  });
});

describe('namesToFetch', () => {
  it('asks once per user and row, by table, and never asks a uuid column for a SKU', () => {
    const wanted = namesToFetch([
      { user_id: USER, resource: `support_tickets/${TICKET}` },
      { user_id: USER, resource: `support_tickets/${TICKET}` },
      { user_id: null, resource: 'inventory/GG-DS-011' },
      { user_id: null, resource: `profiles/${DEVICE}` },
      { user_id: null, resource: 'products/12' },
      { user_id: null, resource: 'auth/x@example.com' },
    ]);
    expect(wanted).toEqual({ users: [USER, DEVICE].sort(), rows: { support_tickets: [TICKET], products: ['12'] } });
  });
});

describe('logPage', () => {
  it('shows 25 a page: "Showing 1–25 of 116", the last page short', () => {
    expect(showingText(logPage(116, 1))).toBe('Showing 1–25 of 116');
    expect(logPage(116, 1).pages).toBe(5);
    expect(showingText(logPage(116, 5))).toBe('Showing 101–116 of 116');
    expect(showingText(logPage(1, 1))).toBe('Showing 1 of 1');
  });

  it('keeps the page real when the list shrinks', () => {
    expect(logPage(30, 4)).toMatchObject({ page: 2, start: 25, end: 30 });
    expect(logPage(30, 0)).toMatchObject({ page: 1, start: 0 });
  });
});

describe('the Action filter', () => {
  it('offers every action that has words, each in words', () => {
    const offered: readonly string[] = KNOWN_ACTIONS;
    expect(Object.keys(ACTION_LABELS).filter((action) => !offered.includes(action))).toEqual([]);
    expect(KNOWN_ACTIONS.filter((action) => actionLabel(action) === action)).toEqual([]);
    expect(actionLabel('door.open')).toBe('Door command: open');
  });
});
