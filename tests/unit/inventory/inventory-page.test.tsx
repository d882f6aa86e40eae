import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InventoryPage } from '@/features/inventory';
import type { InventoryItem } from '@/features/inventory/schemas.ts';
import { renderWithProviders } from '@/test/render.tsx';

// The page with the data module replaced: what it shows while loading, with no rows, after a
// failure, and with rows. Reads and writes against the real server are tested end to end
// (tests/e2e/admin-inventory.spec.ts).
const fetchInventory = vi.fn<() => Promise<InventoryItem[]>>();
vi.mock('@/features/inventory/data/inventory.ts', () => ({
  fetchInventory: () => fetchInventory(),
  addInventoryItem: vi.fn(),
  updateInventoryItem: vi.fn(),
}));

const item = (sku: string, current_stock: number, minimum_stock: number): InventoryItem => ({
  id: sku, product_id: null, product_name: `Item ${sku}`, sku, category: 'accessories', current_stock, minimum_stock,
  unit_price: 10, cost_price: null, supplier: null, description: null, created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z',
});

afterEach(() => fetchInventory.mockReset());

describe('InventoryPage', () => {
  it('shows skeletons while the sheet loads', async () => {
    fetchInventory.mockReturnValue(new Promise(() => undefined));
    renderWithProviders(<InventoryPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Inventory' })).toBeTruthy();
    expect(await screen.findByText('Loading inventory')).toBeTruthy();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(5);
  });

  it('shows the empty state when the sheet has no rows', async () => {
    fetchInventory.mockResolvedValue([]);
    renderWithProviders(<InventoryPage />);
    expect(await screen.findByRole('heading', { name: 'No inventory items yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Your First Product' })).toBeTruthy();
    expect(within(screen.getByTestId('stock-summary-total')).getByTestId('summary-value').textContent).toContain('0');
  });

  it('shows the error with Retry and the destructive toast when the read fails', async () => {
    fetchInventory.mockRejectedValue(new Error('boom'));
    renderWithProviders(<InventoryPage />, { notifications: true });
    expect((await screen.findByTestId('inventory-error')).textContent).toContain('Failed to fetch inventory data');
    expect(await screen.findByText('Failed to fetch inventory data', { selector: '.mantine-Notification-description' })).toBeTruthy();
    fetchInventory.mockResolvedValue([item('A-1', 3, 5)]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Item A-1')).toBeTruthy();
  });

  it('counts the cards and labels each row by the stock rule', async () => {
    fetchInventory.mockResolvedValue([item('A-1', 0, 5), item('A-2', 5, 5), item('A-3', 6, 5)]);
    renderWithProviders(<InventoryPage />);
    await screen.findByText('Item A-1');
    const value = (key: string) => within(screen.getByTestId(`stock-summary-${key}`)).getByTestId('summary-value');
    expect(value('total').textContent).toContain('3');
    expect(value('low').textContent).toContain('1');
    expect(value('out').textContent).toContain('1');
    expect(screen.getAllByTestId('stock-status').map((badge) => badge.textContent)).toEqual(['Out of Stock', 'Low Stock', 'In Stock']);
  });

  it("says what 'Last 7 days' counts: the items changed in that window", async () => {
    const fresh = { ...item('A-2', 5, 5), updated_at: new Date().toISOString() };
    fetchInventory.mockResolvedValue([item('A-1', 0, 5), fresh]);
    renderWithProviders(<InventoryPage />);
    const note = await screen.findByTestId('inventory-recent-changes');
    expect(within(note).getByTestId('inventory-period').textContent).toBe('Last 7 days');
    expect(note.textContent).toBe('Last 7 days: 1 of 2 items changed (stock, price or details)');
  });

  it('on a phone, shows a card per item (name, SKU, stock and minimum, price, status, Edit) instead of the table', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('max-width'), media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList,
    );
    try {
      fetchInventory.mockResolvedValue([item('A-1', 0, 5), item('A-2', 7, 5)]);
      renderWithProviders(<InventoryPage />);
      await screen.findByText('Item A-1');
      expect(screen.queryByTestId('inventory-table')).toBeNull();
      const cards = within(screen.getByTestId('inventory-cards')).getAllByTestId('inventory-row');
      expect(cards.map((card) => card.dataset.sku)).toEqual(['A-1', 'A-2']);
      const second = within(cards[1]!);
      expect(second.getByTestId('sku').textContent).toBe('A-2');
      expect(second.getByTestId('stock-value').textContent).toBe('7');
      expect(cards[1]!.textContent).toContain('min 5');
      expect(second.getByTestId('price-value').textContent).toBe('$10.00');
      expect(second.getByTestId('stock-status').textContent).toBe('In Stock');
      expect(second.getByRole('button', { name: 'Edit Item A-2' })).toBeTruthy();
    } finally {
      phone.mockRestore();
    }
  });
});
