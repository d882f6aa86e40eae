import { createFileRoute, Link } from '@tanstack/react-router';
import { Anchor, Container, Text } from '@mantine/core';
import { FAQ_PAGE, FaqPage } from '@/features/content-pages';

export const Route = createFileRoute('/support/faq')({
  head: () => ({ meta: [{ title: 'Frequently Asked Questions | GarageGuard' }] }),
  component: () => (
    <>
      <FaqPage page={FAQ_PAGE} />
      <Container size="md" pb="xl">
        <Text>
          Looking for step-by-step guides?{' '}
          <Anchor renderRoot={(props) => <Link to="/support/articles" {...props} />}>Browse the knowledge base articles</Anchor>
        </Text>
      </Container>
    </>
  ),
});
