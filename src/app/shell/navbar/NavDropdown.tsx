import { IconChevronDown } from '@tabler/icons-react';
import type { NavGroup } from './navItems.ts';
import { NavTargetLink } from './NavTargetLink.tsx';
import classes from './Navbar.module.css';
import { useDisclosureMenu } from './useDisclosureMenu.ts';

/** A group of the main navigation as a disclosure menu (see useDisclosureMenu). */
export function NavDropdown({ group }: { group: NavGroup }) {
  const menu = useDisclosureMenu();
  return (
    <div {...menu.rootProps} className={classes.dropdown}>
      <button {...menu.buttonProps} className={classes.link}>
        {group.label}
        <IconChevronDown size={14} aria-hidden="true" className={classes.chevron} data-open={menu.open || undefined} />
      </button>
      <ul {...menu.listProps} className={classes.dropdownList}>
        {group.items.map((item) => (
          <li key={`${item.to}${item.params ? JSON.stringify(item.params) : ''}`}>
            <NavTargetLink target={item} className={classes.dropdownLink} onNavigate={menu.close} />
          </li>
        ))}
      </ul>
    </div>
  );
}
