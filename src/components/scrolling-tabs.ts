import type { FocusEvent } from 'react';
import classes from './ScrollingTabs.module.css';

/**
 * Props for a Mantine <Tabs> whose tabs stay in one row at any width (see ScrollingTabs.module.css):
 * `<Tabs {...scrollingTabs} …>`. A tab that gets the focus (arrow keys, Tab, a tap on a half-shown
 * one) is scrolled wholly into the row: the browser's own focus scrolling left it half hidden.
 */
export const scrollingTabs = {
  classNames: { list: classes.list, tab: classes.tab },
  onFocus: (event: FocusEvent<HTMLElement>) => {
    if (event.target.getAttribute('role') === 'tab') event.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  },
};
