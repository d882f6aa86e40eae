import { Link, useRouter } from '@tanstack/react-router';
import { Button, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHome } from '@tabler/icons-react';

/** The router's not-found page (unknown paths, unknown ids that throw notFound()). */
export function NotFoundPage() {
  const router = useRouter();
  return (
    <Container size="sm" py={64} ta="center">
      <Text fz={64} fw={800} c="blue" aria-hidden="true" lh={1}>
        404
      </Text>
      <Title order={1} mt="md">
        Page Not Found
      </Title>
      <Text c="dimmed" mt="sm">
        The page you're looking for doesn't exist or has moved. Check the address, or head back to
        the GarageGuard home page.
      </Text>
      <Group justify="center" mt="xl">
        <Button leftSection={<IconHome size={18} aria-hidden="true" />} renderRoot={(props) => <Link to="/" {...props} />}>
          Go Home
        </Button>
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          // A tab opened straight on a dead link has nothing to go back to: go home instead.
          onClick={() => (window.history.length > 1 ? router.history.back() : router.navigate({ to: '/' }))}
        >
          Go Back
        </Button>
      </Group>
    </Container>
  );
}
