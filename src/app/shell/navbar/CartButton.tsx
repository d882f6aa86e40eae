import { Link } from '@tanstack/react-router';
import { IconShoppingCart } from '@tabler/icons-react';
import { useCart } from '@/features/cart';
import { cartBadge, cartLabel } from '../layoutRules.ts';
import classes from './Navbar.module.css';

/** Cart icon linking to /cart; the count badge shows only when the cart holds items. */
export function CartButton() {
  const { itemCount } = useCart();
  const badge = cartBadge(itemCount);
  return (
    <Link to="/cart" className={classes.iconButton} aria-label={cartLabel(itemCount)}>
      <IconShoppingCart size={22} aria-hidden="true" />
      {badge && (
        <span className={classes.badge} aria-hidden="true" data-testid="cart-badge">
          {badge}
        </span>
      )}
    </Link>
  );
}
