import { Anchor, Group, List, Paper, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { FirstRunSteps } from '../first-run.ts';

interface FirstRunChecklistProps {
  steps: FirstRunSteps;
  onExploreShop: () => void;
}

const STEPS = [
  { key: 'device', label: 'Add a device', to: '/dashboard/devices' },
  { key: 'guestCode', label: 'Create a guest code', to: '/dashboard/access' },
  { key: 'shop', label: 'Explore the shop', to: '/products' },
] as const;

/** A new customer's three first steps; each links to where it is done and is ticked once done. */
export function FirstRunChecklist({ steps, onExploreShop }: FirstRunChecklistProps) {
  const left = STEPS.filter((step) => !steps[step.key]).length;
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby="first-run-title" data-testid="first-run-checklist">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4" id="first-run-title">
          Get started
        </Title>
        <Text size="sm" c="dimmed">
          {left === 1 ? '1 step left' : `${left} steps left`}
        </Text>
      </Group>
      <List spacing="sm" center>
        {STEPS.map((step) => {
          const done = steps[step.key];
          return (
            <List.Item
              key={step.key}
              data-done={done || undefined}
              icon={
                <ThemeIcon size={22} radius="xl" color={done ? 'green' : 'gray'} variant={done ? 'filled' : 'light'} aria-hidden>
                  {done ? <IconCheck size={14} /> : <IconCircleDashed size={14} />}
                </ThemeIcon>
              }
            >
              {done ? (
                <Text size="sm" td="line-through" c="dimmed">
                  {step.label} <VisuallyHidden>(done)</VisuallyHidden>
                </Text>
              ) : (
                <Anchor component={Link} to={step.to} size="sm" fw={600} onClick={step.key === 'shop' ? onExploreShop : undefined}>
                  {step.label}
                </Anchor>
              )}
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
