import { EMPTY_CHECKOUT, type CheckoutValues } from './schemas.ts';

/** What the signed-in user's profile knows about them (the route reads it; profiles hold no phone or address). */
export interface CheckoutContact {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * The form's starting values: contact and name from the profile so a customer does not type them
 * again; every field stays editable and validated as before. Card fields always start empty.
 */
export function checkoutInitialValues(contact: CheckoutContact | undefined): CheckoutValues {
  return {
    ...EMPTY_CHECKOUT,
    email: contact?.email?.trim() ?? '',
    firstName: contact?.firstName?.trim() ?? '',
    lastName: contact?.lastName?.trim() ?? '',
  };
}
