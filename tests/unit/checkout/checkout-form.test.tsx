import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutForm, checkoutInitialValues, type CheckoutValues } from '@/features/checkout';
import { renderWithProviders } from '@/test/render.tsx';

const filled: CheckoutValues = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '12 Garage Lane',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/29',
  cvv: '123',
  nameOnCard: 'Ada Lovelace',
};

const labels: Record<keyof CheckoutValues, string> = {
  email: 'Email',
  firstName: 'First Name',
  lastName: 'Last Name',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP Code',
  cardNumber: 'Card Number',
  expiryDate: 'Expiry Date',
  cvv: 'CVV',
  nameOnCard: 'Name on Card',
};

function renderForm(onSubmit: (values: CheckoutValues) => Promise<void>) {
  renderWithProviders(<CheckoutForm onSubmit={onSubmit} />);
}

const input = (name: keyof CheckoutValues) => screen.getByLabelText(labels[name], { exact: false }) as HTMLInputElement;

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  // Paste rather than type key by key: same input events, a fraction of the time on a busy machine.
  for (const [name, value] of Object.entries(filled) as [keyof CheckoutValues, string][]) {
    await user.click(input(name));
    await user.paste(value);
  }
}

describe('checkout form', () => {
  it('marks every field required with the spec limits (browser validation)', () => {
    renderForm(async () => {});
    for (const name of Object.keys(labels) as (keyof CheckoutValues)[]) {
      expect(input(name).required, name).toBe(true);
    }
    expect(input('email').type).toBe('email');
    expect(input('cardNumber').maxLength).toBe(19);
    expect(input('expiryDate').maxLength).toBe(5);
    expect(input('expiryDate').placeholder).toBe('MM/YY');
    expect(input('cvv').maxLength).toBe(4);
  });

  it('does not submit an incomplete form and shows no messages of its own', async () => {
    const onSubmit = vi.fn(async () => {});
    const user = userEvent.setup();
    renderForm(onSubmit);
    await user.type(input('email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(document.querySelector('.mantine-InputWrapper-error')).toBeNull();
  });

  it('submits once with the values, shows Processing... and ignores a second click', async () => {
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    renderForm(onSubmit);
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const busy = await screen.findByRole('button', { name: 'Processing...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    busy.closest('form')?.requestSubmit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith(filled);
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeTruthy());
  });

  it('starts with the profile name and e-mail, which stay editable and validated; card fields start empty', async () => {
    const onSubmit = vi.fn(async () => {});
    const user = userEvent.setup();
    renderWithProviders(<CheckoutForm onSubmit={onSubmit} initialValues={checkoutInitialValues({ email: ' casey@example.com ', firstName: 'Casey', lastName: null })} />);
    expect(input('email').value).toBe('casey@example.com');
    expect(input('firstName').value).toBe('Casey');
    expect(input('lastName').value).toBe('');
    expect(input('cardNumber').value).toBe('');
    await user.clear(input('email'));
    await user.type(input('email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(input('firstName'));
    await user.paste('Ada');
    expect(input('firstName').value).toBe('Ada');
  });
});
