import { createTheme, InputWrapper, Notification } from '@mantine/core';

const systemFont = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8: white text on the default shade 6 fails WCAG AA contrast (axe "color-contrast").
  primaryShade: { light: 8, dark: 8 },
  fontFamily: systemFont,
  headings: { fontFamily: systemFont },
  defaultRadius: 'md',
  // Users who asked their device for less motion get dialogs, menus and toasts without transitions.
  respectReducedMotion: true,
  components: {
    // Toasts: the close button needs a name, and the description must keep AA contrast.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    }),
    // Field descriptions: Mantine's default dimmed grey fails AA contrast on white.
    InputWrapper: InputWrapper.extend({
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    }),
  },
});
