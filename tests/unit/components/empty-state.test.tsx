import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState.tsx';
import { SkeletonList } from '@/components/SkeletonList.tsx';
import { renderWithProviders } from '@/test/render.tsx';

describe('EmptyState', () => {
  it('is a region named by its heading, with the text and a working action', async () => {
    const onAdd = vi.fn();
    renderWithProviders(
      <EmptyState
        icon={<IconTicket data-testid="icon" />}
        title="No Support Tickets"
        text="You haven't created any support tickets yet."
        action={<Button onClick={onAdd}>New Ticket</Button>}
      />,
    );
    const region = screen.getByRole('region', { name: 'No Support Tickets' });
    expect(screen.getByRole('heading', { level: 2, name: 'No Support Tickets' })).toBeTruthy();
    expect(region.textContent).toContain("You haven't created any support tickets yet.");
    expect(screen.getByTestId('icon').closest('[aria-hidden="true"]')).not.toBeNull();
    // Reachable and usable from the keyboard.
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New Ticket' }));
    await user.keyboard('{Enter}');
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('takes the heading level of where it stands, and needs no icon, text or action', () => {
    renderWithProviders(<EmptyState title="No devices found" titleOrder={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No devices found' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('SkeletonList', () => {
  it('draws the given number of placeholder cards, hidden from screen readers', () => {
    renderWithProviders(<SkeletonList count={5} label="Loading tickets…" />);
    const cards = screen.getAllByTestId('skeleton-card');
    expect(cards).toHaveLength(5);
    for (const card of cards) expect(card.getAttribute('aria-hidden')).toBe('true');
  });

  it('announces what is loading in one busy status region', () => {
    renderWithProviders(<SkeletonList count={3} label="Loading tickets…" />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading tickets…');
  });

  it('draws nothing but the status for a count of zero', () => {
    renderWithProviders(<SkeletonList count={0} />);
    expect(screen.queryAllByTestId('skeleton-card')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });
});
