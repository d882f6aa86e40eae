// Public API of the cart feature. Placeholder signatures; the cart work implements them.
export interface CartItem {
  /** Line key: the product id, plus the chosen variant when the product has variants. */
  id: string;
  productId: number;
  name: string;
  price: number;
  image: string;
  quantity: number;
  /** Human-readable variant choice, e.g. "Color: Black". */
  variant?: string;
}

export interface CartProductInput {
  productId: number;
  name: string;
  price: number;
  image: string;
  variant?: string;
}
