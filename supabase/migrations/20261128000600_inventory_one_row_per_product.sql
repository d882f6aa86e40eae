-- One stock row per product: inventory.current_stock becomes the one stock figure of a product
-- (see the next migration), so a product may be linked to at most one inventory row.
-- Until now place_order lowered products.stock and left inventory alone, so for linked rows
-- products.stock is the figure that reflects every sale: the inventory rows take it over.

create unique index inventory_product_id_key on public.inventory (product_id) where product_id is not null;

update public.inventory i
set current_stock = p.stock
from public.products p
where p.id = i.product_id and i.current_stock <> p.stock;
