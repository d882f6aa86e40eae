import * as v from 'valibot';

// Limits of spec §5, also set as maxLength on the inputs.
export const CARD_NUMBER_MAX_LENGTH = 19;
export const EXPIRY_DATE_MAX_LENGTH = 5;
export const CVV_MAX_LENGTH = 4;

/**
 * The browser's own rule for type="email" (WHATWG HTML "valid e-mail address"). Using the same
 * rule as the input means the schema never rejects what the browser accepted, so the form needs
 * no validation messages of its own (spec §5).
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Mirrors the native `required` attribute: any non-empty value. */
const Required = v.pipe(v.string(), v.minLength(1));
const RequiredMax = (max: number) => v.pipe(v.string(), v.minLength(1), v.maxLength(max));

/**
 * Checkout form (spec §3): every field required, email of email type, card fields length-capped;
 * no further card validation (payment is simulated and card data never leaves the browser).
 */
export const CheckoutSchema = v.object({
  email: v.pipe(v.string(), v.minLength(1), v.regex(EMAIL_PATTERN)),
  firstName: Required,
  lastName: Required,
  address: Required,
  city: Required,
  state: Required,
  zipCode: Required,
  cardNumber: RequiredMax(CARD_NUMBER_MAX_LENGTH),
  expiryDate: RequiredMax(EXPIRY_DATE_MAX_LENGTH),
  cvv: RequiredMax(CVV_MAX_LENGTH),
  nameOnCard: Required,
});

export type CheckoutValues = v.InferOutput<typeof CheckoutSchema>;

export const EMPTY_CHECKOUT: CheckoutValues = {
  email: '',
  firstName: '',
  lastName: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  cardNumber: '',
  expiryDate: '',
  cvv: '',
  nameOnCard: '',
};
