import { describe, expect, it } from 'vitest';
import { isCatalogueRequest } from '../../../sw/catalogue.ts';

describe('service worker: last copy of the catalogue', () => {
  it('caches the products query on any origin, GET only', () => {
    for (const url of [
      'http://127.0.0.1:4173/rest/v1/products?select=id,price,original_price,stock,rating,review_count,is_active&order=id.asc',
      'https://abcd.supabase.co/rest/v1/products?select=id,price',
      'https://abcd.supabase.co/rest/v1/products',
    ]) {
      expect(isCatalogueRequest('GET', new URL(url)), url).toBe(true);
    }
    expect(isCatalogueRequest('POST', new URL('https://abcd.supabase.co/rest/v1/products'))).toBe(false);
    expect(isCatalogueRequest('HEAD', new URL('https://abcd.supabase.co/rest/v1/products'))).toBe(false);
  });

  it('leaves every other API path alone: orders, RPCs, auth, look-alike tables', () => {
    for (const url of [
      'http://127.0.0.1:4173/rest/v1/orders?select=*',
      'http://127.0.0.1:4173/rest/v1/rpc/place_order',
      'http://127.0.0.1:4173/rest/v1/products_audit',
      'http://127.0.0.1:4173/rest/v1/inventory?product_id=eq.1',
      'http://127.0.0.1:4173/auth/v1/user',
      'http://127.0.0.1:4173/products/1',
    ]) {
      expect(isCatalogueRequest('GET', new URL(url)), url).toBe(false);
    }
  });
});
