// public.inventory: the admin's stock sheet and the one stock and price figure of each product (a
// row linked by product_id is what place_order lowers; products.stock and products.price, read by
// the shop, are copies kept by triggers).
// Online-only data: RLS lets only an admin (at the required assurance level) read or write it.
import * as v from 'valibot';
import { loadSupabase } from '@/lib/load-supabase.ts';
import { InventoryItemSchema, type InventoryChanges, type InventoryItem, type NewInventoryItem } from '../schemas.ts';

export type { InventoryItem };

const COLUMNS =
  'id, product_id, product_name, sku, category, current_stock, minimum_stock, unit_price, cost_price, supplier, description, created_at, updated_at';

/** Every inventory row, newest first (the id keeps rows added in one instant in a stable order). */
export async function fetchInventory(): Promise<InventoryItem[]> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('inventory').select(COLUMNS).order('created_at', { ascending: false }).order('id');
  if (error) throw error;
  return v.parse(v.array(InventoryItemSchema), data);
}

/**
 * Add Product: the shop's product and its inventory row, made together by public.add_product (one
 * transaction; the server picks the product id, the URL slug and the shop category).
 */
export async function addInventoryItem(item: NewInventoryItem): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.rpc('add_product', {
    p_name: item.product_name,
    p_sku: item.sku,
    p_category: item.category,
    p_current_stock: item.current_stock,
    p_minimum_stock: item.minimum_stock,
    p_unit_price: item.unit_price,
    p_cost_price: item.cost_price,
    p_supplier: item.supplier,
    p_description: item.description,
  });
  if (error) throw error;
}

/**
 * Changes a row's stock figures and price. An update RLS hides returns no row rather than an
 * error: that is a failure too.
 */
export async function updateInventoryItem(id: string, changes: InventoryChanges): Promise<void> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('inventory').update(changes).eq('id', id).select('id');
  if (error) throw error;
  if (!data?.length) throw new Error('The inventory item was not updated');
}
