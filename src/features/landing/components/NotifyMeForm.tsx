import { Button, Container, TextInput } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { NotifyMeSchema } from '../schemas.ts';
import { subscribe } from '../data/newsletter.ts';
import classes from './Landing.module.css';

/** Notify Me (Name, Email, Send): both required; on success the fields clear and a notice confirms. */
export function NotifyMeForm() {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '', email: '' },
    validate: schemaResolver(NotifyMeSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit(async ({ name, email }) => {
    try {
      const subscription = await subscribe(email, { name, source: 'notify-me' });
      form.reset();
      notifications.show({
        title: `Thanks, ${subscription.name ?? 'there'}!`,
        message: `We'll let you know at ${subscription.email} when there's news.`,
        color: 'green',
      });
    } catch {
      notifications.show({ title: 'Something went wrong', message: 'Please try again.', color: 'red' });
    }
  });

  return (
    <section className={classes.notify} aria-labelledby="notify-title">
      <Container size="md">
        <h2 id="notify-title" className={classes.sectionTitle}>
          Get Notified
        </h2>
        <p className={classes.sectionLead}>
          New features, installation tips and offers — leave your name and e-mail and we'll keep you posted.
        </p>
        <form onSubmit={onSubmit} noValidate className={classes.notifyForm} aria-label="Notify Me">
          <TextInput label="Name" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" className={classes.notifySend}>
            Send
          </Button>
        </form>
      </Container>
    </section>
  );
}
