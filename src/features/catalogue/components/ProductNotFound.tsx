import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** Unknown or malformed product id (spec §2, exact strings). */
export function ProductNotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>Product Not Found</Title>
        <Text c="dimmed">{"The product you're looking for doesn't exist."}</Text>
        <Button component={Link} to="/products" color="blue" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Back to Products
        </Button>
      </Stack>
    </Container>
  );
}
