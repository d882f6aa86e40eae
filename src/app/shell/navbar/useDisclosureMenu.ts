import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * The behaviour of a disclosure menu (button + list), the WAI-ARIA pattern for site navigation,
 * shared by the nav dropdowns and the account menu: closes on Escape (focus returns to the
 * button), on a pointer press outside and when focus leaves it. Written by hand instead of
 * Mantine's Menu to keep popover/positioning code out of the first-paint bundle.
 */
export function useDisclosureMenu() {
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

  return {
    open,
    close: () => setOpen(false),
    rootProps: {
      ref: rootRef,
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      },
      onBlur: (event: FocusEvent) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      },
    },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': listId,
      onClick: () => setOpen((value) => !value),
    },
    listProps: { id: listId, hidden: !open },
  };
}
