import { createTheme, defaultVariantColorsResolver, parseThemeColor, type AlertProps, type MantineTheme, type VariantColorsResolver } from '@mantine/core';

/**
 * Variants take their colours from the colour's readable variables (palette.ts), never from a shade
 * given at a call site: `color="red"` reads as `color="red"`. Mantine paints the light variant of a
 * shaded colour as a solid pill of that shade with the colour's light-variant text on it, the same
 * colour as the pill. Filled text is the colour's computed contrast (white or black), not a guess.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return defaultVariantColorsResolver(input);
  const resolved = defaultVariantColorsResolver({ ...input, color: parsed.color });
  return input.variant === 'filled' ? { ...resolved, color: `var(--mantine-color-${parsed.color}-contrast)` } : resolved;
};

/**
 * A light alert is a callout, not a block: a tint with a border of its colour. In the dark scheme
 * Mantine's tint is the colour's shade 9 darkened by half, opaque: a big saturated slab (the
 * installation guide's "Safety first"). Here it is that tint let through at `--gg-callout-tint`
 * (palette.ts: all of it in the light scheme, a part in the dark, so the surface shows through), and
 * the border is the colour's readable text colour at half strength. Its text keeps the variant's
 * readable colours, which read on the full tint and on every surface, so on any mix of the two.
 */
const calloutVars = (theme: MantineTheme, props: AlertProps) => {
  const parsed = parseThemeColor({ color: props.color ?? theme.primaryColor, theme });
  if ((props.variant ?? 'light') !== 'light' || !parsed.isThemeColor || parsed.shade !== undefined) return { root: {} };
  return {
    root: {
      '--alert-bg': `color-mix(in srgb, var(--mantine-color-${parsed.color}-light) var(--gg-callout-tint), transparent)`,
      '--alert-bd': `1px solid color-mix(in srgb, var(--mantine-color-${parsed.color}-outline) 50%, transparent)`,
    },
  };
};

const systemFont = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8: white text on the default shade 6 fails WCAG AA contrast (axe "color-contrast"). The
  // filled variant's own shade comes from palette.ts; this one is what plain `--mantine-primary-color`
  // uses (links, focus rings).
  primaryShade: { light: 8, dark: 8 },
  // No theme-wide autoContrast: components outside the resolver (Indicator) would judge black or
  // white on Mantine's shade 8, not on the filled shade palette.ts picks, and put black on red.
  variantColorResolver,
  fontFamily: systemFont,
  headings: { fontFamily: systemFont },
  defaultRadius: 'md',
  // Users who asked their device for less motion get dialogs, menus and toasts without transitions.
  respectReducedMotion: true,
  // Plain objects, not `Notification.extend(…)`: importing a component here would put its code in
  // the start-up chunk of every page.
  components: {
    // Toasts: the close button needs a name; the description is dimmed text (palette.ts makes it
    // readable in both schemes), not Mantine's lighter grey.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // Mantine draws the separator in dark 2 on dark (4.0:1): the readable dimmed instead.
    Breadcrumbs: { styles: { separator: { color: 'var(--mantine-color-dimmed)' } } },
    // Field descriptions: the readable dimmed of palette.ts.
    InputWrapper: { styles: { description: { color: 'var(--mantine-color-dimmed)' } } },
    Alert: { vars: calloutVars },
  },
});
