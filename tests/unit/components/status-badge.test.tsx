import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrast, readableColorVariables } from '@/app/palette.ts';
import { theme as appTheme } from '@/app/theme.ts';
import { StatusBadge } from '@/components/StatusBadge.tsx';
import { ORDER_STATUSES } from '@/features/orders/schemas.ts';
import { STATUS_COLORS, statusColor, statusLabel, UNKNOWN_STATUS_COLOR, type StatusKind } from '@/lib/status.ts';
import { renderWithProviders } from '@/test/render.tsx';

const theme = mergeMantineTheme(DEFAULT_THEME, appTheme);
/** The light scheme's colour variables as the app's MantineProvider sets them. */
const variables: Record<string, string> = { '--mantine-color-white': theme.white, '--mantine-color-black': theme.black, ...readableColorVariables(theme).light };
/** A badge style's `var(--x)` resolved through those variables (jsdom computes no CSS variables). */
const resolve = (style: string, property: string) => {
  const name = new RegExp(`${property}: var\\((--[a-z0-9-]+)\\)`).exec(style)?.[1];
  return name ? variables[name] : undefined;
};

describe('status colours', () => {
  it('follow the product badge rules for priorities and ticket statuses', () => {
    const family = (kind: StatusKind, status: string) => statusColor(kind, status).split('.')[0];
    expect(['urgent', 'high', 'medium', 'low'].map((s) => family('priority', s))).toEqual(['red', 'orange', 'yellow', 'green']);
    expect(['open', 'in_progress', 'resolved', 'closed'].map((s) => family('ticket', s))).toEqual(['blue', 'yellow', 'green', 'gray']);
  });

  it('are colour names, never shades: the theme decides the shade', () => {
    for (const colors of Object.values(STATUS_COLORS)) for (const color of Object.values(colors)) expect(color).toMatch(/^[a-z]+$/);
  });

  it('give every rendered badge text that passes WCAG AA contrast on its colour', () => {
    for (const [kind, colors] of Object.entries(STATUS_COLORS) as [StatusKind, Record<string, string>][]) {
      for (const [status, color] of Object.entries(colors)) {
        const { unmount } = renderWithProviders(<StatusBadge kind={kind} status={status} data-testid="badge" />);
        const style = screen.getByTestId('badge').getAttribute('style') ?? '';
        expect(style).toContain(`--badge-bg: var(--mantine-color-${color}-filled)`);
        const ratio = contrast(resolve(style, '--badge-bg')!, resolve(style, '--badge-color')!);
        expect({ kind, status, passes: ratio >= 4.5 }).toEqual({ kind, status, passes: true });
        unmount();
      }
    }
  });

  it('cover every order status the database has', () => {
    for (const status of ORDER_STATUSES) expect(Object.keys(STATUS_COLORS.order)).toContain(status);
  });

  it('fall back to gray for a status this build does not know', () => {
    expect(statusColor('ticket', 'on_hold')).toBe(UNKNOWN_STATUS_COLOR);
    expect(statusColor('ticket', 'toString')).toBe(UNKNOWN_STATUS_COLOR);
  });
});

describe('statusLabel', () => {
  it('shows underscores as spaces, each word capitalised', () => {
    expect(statusLabel('in_progress')).toBe('In Progress');
    expect(statusLabel('limit_reached')).toBe('Limit Reached');
    expect(statusLabel('open')).toBe('Open');
  });
});

describe('StatusBadge', () => {
  it('renders the label as text with the colour of its status', () => {
    renderWithProviders(<StatusBadge kind="ticket" status="in_progress" data-testid="badge" />);
    const badge = screen.getByTestId('badge');
    expect(badge.textContent).toBe('In Progress');
    expect(badge.getAttribute('data-status')).toBe('in_progress');
    expect(badge.getAttribute('style')).toContain('--badge-bg: var(--mantine-color-yellow-filled)');
    // The theme's contrast for yellow is black (white does not reach AA on any yellow shade); blue's is white.
    expect(badge.getAttribute('style')).toContain('--badge-color: var(--mantine-color-yellow-contrast)');
    expect(variables['--mantine-color-yellow-contrast']).toBe('#000000');
    expect(variables['--mantine-color-blue-contrast']).toBe('#ffffff');
  });

  it('hides a decorative icon from screen readers and keeps the label readable', () => {
    renderWithProviders(<StatusBadge kind="priority" status="urgent" icon={<svg data-testid="icon" />} data-testid="badge" />);
    expect(screen.getByTestId('icon').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByText('Urgent')).toBeTruthy();
  });

  it('renders an unknown status in gray rather than failing', () => {
    renderWithProviders(<StatusBadge kind="device" status="rebooting" data-testid="badge" />);
    expect(screen.getByTestId('badge').textContent).toBe('Rebooting');
    expect(screen.getByTestId('badge').getAttribute('style')).toContain('--badge-bg: var(--mantine-color-gray-filled)');
  });
});
