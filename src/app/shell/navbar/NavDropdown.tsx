import { useEffect, useId, useRef, useState } from 'react';
import { IconChevronDown } from '@tabler/icons-react';
import type { NavGroup } from './navItems.ts';
import { NavTargetLink } from './NavTargetLink.tsx';
import classes from './Navbar.module.css';

/**
 * Disclosure menu (button + list of links), the WAI-ARIA pattern for site navigation. Written by
 * hand instead of Mantine's Menu to keep the popover/positioning code out of the first-paint bundle.
 * Closes on Escape (focus returns to the button), on a click outside and when focus leaves it.
 */
export function NavDropdown({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className={classes.dropdown}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={classes.link}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {group.label}
        <IconChevronDown size={14} aria-hidden="true" className={classes.chevron} data-open={open || undefined} />
      </button>
      <ul id={listId} className={classes.dropdownList} hidden={!open}>
        {group.items.map((item) => (
          <li key={`${item.to}${item.params ? JSON.stringify(item.params) : ''}`}>
            <NavTargetLink target={item} className={classes.dropdownLink} onNavigate={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
