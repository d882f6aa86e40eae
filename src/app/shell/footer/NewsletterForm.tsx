import { Button, TextInput } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { NewsletterSchema } from '@/features/landing/schemas.ts';
import { subscribe } from '@/features/landing/data/newsletter.ts';
import classes from './Footer.module.css';

/** Footer newsletter box: validates the e-mail, hands it to `subscribe`, confirms with a toast. */
export function NewsletterForm() {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(NewsletterSchema, { sync: true }),
    validateInputOnBlur: false,
  });

  const onSubmit = form.onSubmit(async ({ email }) => {
    try {
      const subscription = await subscribe(email, { source: 'footer' });
      form.reset();
      notifications.show({
        title: 'Subscribed',
        message: `Thanks! GarageGuard news will go to ${subscription.email}.`,
        color: 'green',
      });
    } catch {
      notifications.show({ title: 'Subscription failed', message: 'Please try again.', color: 'red' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className={classes.newsletter} aria-label="Newsletter">
      <TextInput
        type="email"
        label="Email address"
        placeholder="you@example.com"
        autoComplete="email"
        classNames={{ label: classes.newsletterLabel }}
        key={form.key('email')}
        {...form.getInputProps('email')}
      />
      <Button type="submit" className={classes.subscribe}>
        Subscribe
      </Button>
    </form>
  );
}
