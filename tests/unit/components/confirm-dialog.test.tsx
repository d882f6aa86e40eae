import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '@mantine/core';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { renderWithProviders } from '@/test/render.tsx';

function DeleteArticle({ onConfirm, danger = true }: { onConfirm: () => void | Promise<void>; danger?: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Delete</Button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onConfirm={onConfirm}
        title="Delete article"
        message="Are you sure you want to delete this article?"
        confirmLabel="Delete"
        danger={danger}
      />
    </>
  );
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  return screen.findByRole('dialog', { name: 'Delete article' });
}

describe('ConfirmDialog', () => {
  it('is a modal dialog named by its title and described by its message', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DeleteArticle onConfirm={vi.fn()} />);
    const dialog = await open(user);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toContain('Are you sure you want to delete this article?');
  });

  it('puts the first focus on Cancel for a destructive action, and Escape cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<DeleteArticle onConfirm={onConfirm} />);
    const dialog = await open(user);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows the danger colour on the confirm button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DeleteArticle onConfirm={vi.fn()} />);
    const dialog = await open(user);
    // The theme's filled red (src/app/palette.ts), with its computed text colour.
    const style = within(dialog).getByRole('button', { name: 'Delete' }).getAttribute('style');
    expect(style).toContain('--button-bg: var(--mantine-color-red-filled)');
    expect(style).toContain('--button-color: var(--mantine-color-red-contrast)');
  });

  it('shows loading while the action runs, blocks closing, then closes', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<DeleteArticle onConfirm={onConfirm} />);
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm.getAttribute('data-loading')).toBe('true');
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    await user.click(confirm);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open when the action fails, ready to try again', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('Failed to delete article')).mockResolvedValueOnce(undefined);
    renderWithProviders(<DeleteArticle onConfirm={onConfirm} />);
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete' }).getAttribute('data-loading')).toBeNull());
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('confirms from the keyboard when not destructive (focus starts on Confirm)', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    renderWithProviders(<DeleteArticle onConfirm={onConfirm} danger={false} />);
    const dialog = await open(user);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Delete' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
