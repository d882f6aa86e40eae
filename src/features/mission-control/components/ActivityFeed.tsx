import { Link } from '@tanstack/react-router';
import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingWarehouse, IconCash, IconFileText, IconListDetails } from '@tabler/icons-react';
import { alertMessage } from '../alert-message.ts';
import { FEED_SIZE, type MissionControlReport, type Severity } from '../data/mission-control.ts';
import { Section } from './Section.tsx';

const SEVERITY_COLOR: Record<Severity, string> = { critical: 'red', high: 'orange', medium: 'yellow', low: 'blue' };

/** The alerts, most severe first (the server sorts them), the first 6 of at most 8. */
export function ActivityFeed({ report }: { report: MissionControlReport }) {
  const alerts = report.alerts.slice(0, FEED_SIZE);
  return (
    <Section title="Activity Feed">
      {alerts.length === 0 ? (
        <Text size="sm">All clear: no alerts.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="activity-feed">
          {alerts.map((alert) => (
            <li key={alert.type} data-testid="alert" data-severity={alert.severity}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                {/* Not shrunk by a long message on a phone ('critical' was cut to 'CRITI…'), and one
                    width for every severity, so the alerts' titles line up. */}
                <Badge color={SEVERITY_COLOR[alert.severity]} variant="light" miw={88} style={{ flexShrink: 0 }}>
                  {alert.severity}
                </Badge>
                <div>
                  <Text size="sm" fw={600}>
                    {alert.title}
                  </Text>
                  <Text size="sm" c="dimmed" data-testid="alert-message">
                    {alertMessage(alert, report)}
                  </Text>
                </div>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Section>
  );
}

const ACTIONS = [
  { to: '/admin/inventory', label: 'Inventory', icon: IconBuildingWarehouse },
  { to: '/admin/financial', label: 'Financial', icon: IconCash },
  { to: '/admin/logs', label: 'Access Logs', icon: IconListDetails },
  { to: '/admin/cms', label: 'Content', icon: IconFileText },
] as const;

/** Links to the four admin pages. */
export function QuickActions() {
  return (
    <Section title="Quick Actions">
      {/* One column where the section is a narrow side column (md and up) or a phone: two columns
          there cut the labels to a few letters (issue 26). */}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 1 }} spacing="xs">
        {ACTIONS.map(({ to, label, icon: Icon }) => (
          <Button key={to} component={Link} to={to} variant="light" leftSection={<Icon size={18} aria-hidden />}>
            {label}
          </Button>
        ))}
      </SimpleGrid>
    </Section>
  );
}
