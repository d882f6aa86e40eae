import { useRef, useState, type FormEvent } from 'react';
import { Button, Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import {
  CARD_NUMBER_MAX_LENGTH,
  CheckoutSchema,
  CVV_MAX_LENGTH,
  EMPTY_CHECKOUT,
  EXPIRY_DATE_MAX_LENGTH,
  type CheckoutValues,
} from '../schemas.ts';

interface CheckoutFormProps {
  /** Runs with valid values; the button shows 'Processing...' until it settles. */
  onSubmit: (values: CheckoutValues) => Promise<void>;
  /** Starting values (contact fields from the profile); read once, when the form mounts. */
  initialValues?: CheckoutValues;
}

type Field = keyof CheckoutValues;

export function CheckoutForm({ onSubmit, initialValues = EMPTY_CHECKOUT }: CheckoutFormProps) {
  const form = useForm<CheckoutValues>({
    mode: 'uncontrolled',
    initialValues,
    validate: schemaResolver(CheckoutSchema, { sync: true }),
  });
  const [processing, setProcessing] = useState(false);
  // A ref, not state: a second click in the same tick must already see the first one.
  const inFlight = useRef(false);

  // The browser's constraint validation (required, type=email, maxLength) is what the shopper sees;
  // the schema is a guard behind it, so its errors are not rendered as messages (spec §5).
  const field = (name: Field) => {
    const { error: _error, ...props } = form.getInputProps(name);
    return { ...props, required: true };
  };

  const placeOrder = async (values: CheckoutValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setProcessing(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) console.error('Checkout failed.', error);
    } finally {
      inFlight.current = false;
      setProcessing(false);
    }
  };
  // Mantine's handler is made when the form is submitted, not while rendering: the handler reads a
  // ref, which React allows in events only.
  const submit = (event: FormEvent<HTMLFormElement>) => form.onSubmit(placeOrder)(event);

  return (
    <form onSubmit={submit} aria-label="Checkout">
      <Stack gap="lg">
        <Fieldset legend="Contact Information" disabled={processing}>
          <TextInput label="Email" type="email" autoComplete="email" key={form.key('email')} {...field('email')} />
        </Fieldset>
        <Fieldset legend="Shipping Address" disabled={processing}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="First Name" autoComplete="given-name" key={form.key('firstName')} {...field('firstName')} />
              <TextInput label="Last Name" autoComplete="family-name" key={form.key('lastName')} {...field('lastName')} />
            </SimpleGrid>
            <TextInput label="Address" autoComplete="street-address" key={form.key('address')} {...field('address')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label="City" autoComplete="address-level2" key={form.key('city')} {...field('city')} />
              <TextInput label="State" autoComplete="address-level1" key={form.key('state')} {...field('state')} />
              <TextInput label="ZIP Code" autoComplete="postal-code" key={form.key('zipCode')} {...field('zipCode')} />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend="Payment Information" disabled={processing}>
          <Stack gap="sm">
            <TextInput
              label="Card Number"
              autoComplete="cc-number"
              inputMode="numeric"
              placeholder="1234 5678 9012 3456"
              maxLength={CARD_NUMBER_MAX_LENGTH}
              key={form.key('cardNumber')} {...field('cardNumber')}
            />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label="Expiry Date"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                maxLength={EXPIRY_DATE_MAX_LENGTH}
                key={form.key('expiryDate')} {...field('expiryDate')}
              />
              <TextInput label="CVV" autoComplete="cc-csc" inputMode="numeric" maxLength={CVV_MAX_LENGTH} key={form.key('cvv')} {...field('cvv')} />
            </SimpleGrid>
            <TextInput label="Name on Card" autoComplete="cc-name" key={form.key('nameOnCard')} {...field('nameOnCard')} />
          </Stack>
        </Fieldset>
        <Button type="submit" size="lg" color="blue" fullWidth disabled={processing}>
          {processing ? 'Processing...' : 'Place Order'}
        </Button>
      </Stack>
    </form>
  );
}
