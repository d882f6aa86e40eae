import { Badge, Group, List, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { scrollingTabs } from '@/components/scrolling-tabs.ts';
import type { Product } from '../schemas.ts';

type TabValue = 'overview' | 'specifications' | 'installation' | 'warranty';

/** The tabs a product has content for, in their order; a product added in Inventory may have none. */
export function productTabs(product: Product): TabValue[] {
  const tabs: TabValue[] = [];
  if (product.overview) tabs.push('overview');
  if (product.specifications.length) tabs.push('specifications');
  if (product.installation.length) tabs.push('installation');
  if (product.warranty) tabs.push('warranty');
  return tabs;
}

const LABELS: Record<TabValue, string> = { overview: 'Overview', specifications: 'Specifications', installation: 'Installation', warranty: 'Warranty' };

/** Overview, Specifications, Installation and Warranty (spec §2): those with content only. */
export function ProductTabs({ product }: { product: Product }) {
  const tabs = productTabs(product);
  if (tabs.length === 0) return null;
  return (
    <Tabs defaultValue={tabs[0]} keepMounted={false} {...scrollingTabs}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {LABELS[tab]}
          </Tabs.Tab>
        ))}
      </Tabs.List>

      <Tabs.Panel value="overview" pt="lg">
        <Stack gap="md" maw={760}>
          {(product.overview ?? '').split(/\n{2,}/).map((paragraph) => (
            <Text key={paragraph.slice(0, 40)}>{paragraph}</Text>
          ))}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="specifications" pt="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {product.specifications.map((group) => (
            <Paper key={group.category} withBorder radius="lg" p="md">
              <Title order={3} fz="h5" mb="xs">
                {group.category}
              </Title>
              <Table>
                <Table.Tbody>
                  {group.specs.map((spec) => (
                    <Table.Tr key={spec.name}>
                      <Table.Th scope="row" w="45%" c="dimmed" fw={500}>
                        {spec.name}
                      </Table.Th>
                      <Table.Td>{spec.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          ))}
        </SimpleGrid>
      </Tabs.Panel>

      <Tabs.Panel value="installation" pt="lg">
        <Stack component="ol" gap="md" style={{ listStyle: 'none', padding: 0, margin: 0 }} maw={760}>
          {product.installation.map((step) => (
            <Group component="li" key={step.step} align="flex-start" wrap="nowrap" gap="md">
              <Badge size="xl" circle color="blue" aria-hidden>
                {step.step}
              </Badge>
              <div>
                <Text fw={600}>
                  <VisuallyHidden>Step {step.step}: </VisuallyHidden>
                  {step.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {step.description}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="warranty" pt="lg">
        <Stack gap="md" maw={760}>
          {product.warranty && (
            <>
              <Title order={3} fz="h4">
                {product.warranty.duration} limited warranty
              </Title>
              <List spacing={6} icon={<IconCheck size={16} color="var(--mantine-color-green-text)" aria-hidden />} center>
                {product.warranty.coverage.map((c) => (
                  <List.Item key={c}>{c}</List.Item>
                ))}
              </List>
              <Text c="dimmed">{product.warranty.support}</Text>
            </>
          )}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
