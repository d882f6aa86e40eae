// Public API of the inventory feature: the admin's Inventory page (/admin/inventory composes it).
export { InventoryPage } from './components/InventoryPage.tsx';
