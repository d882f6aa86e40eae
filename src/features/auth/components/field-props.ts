// Shared props of the auth forms' inputs.

/**
 * The password visibility toggle is reachable by keyboard (Mantine skips it in the tab order by
 * default); its state is announced through aria-pressed, so the name stays 'Show password'.
 */
export const passwordToggle = {
  visibilityToggleFocusable: true,
  visibilityToggleButtonProps: { 'aria-label': 'Show password' },
} as const;

/** The e-mail field of sign-in, sign-up and password recovery. */
export const emailField = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  required: true,
} as const;
