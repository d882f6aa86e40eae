import { SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarCheck, IconHeadset, IconShieldCheck, IconTool } from '@tabler/icons-react';
import { warrantyHeadline } from '../rules.ts';

/** The shop's promises (spec §9), with the warranty of this product. */
export function FeatureGrid({ warrantyDuration }: { warrantyDuration?: string | undefined }) {
  const items = [
    { icon: IconTool, title: 'Free Installation', text: 'Professional setup in about 2 hours' },
    { icon: IconCalendarCheck, title: '30-Day Guarantee', text: 'Full refund if it is not right for you' },
    { icon: IconShieldCheck, title: warrantyDuration ? warrantyHeadline(warrantyDuration) : 'Manufacturer Warranty', text: 'Manufacturer warranty on parts' },
    { icon: IconHeadset, title: 'Lifetime Support', text: 'Phone, e-mail and chat, for as long as you own it' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Why buy from GarageGuard">
      {items.map(({ icon: Icon, title, text }) => (
        <Stack component="li" key={title} align="center" ta="center" gap={6} p="md" bg="var(--gg-surface-muted)" style={{ borderRadius: 'var(--mantine-radius-lg)' }}>
          <ThemeIcon size={44} radius="xl" variant="light" color="blue">
            <Icon size={24} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
