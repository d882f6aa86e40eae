import { Accordion, Anchor, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CORE_FAQ } from '@/lib/faq.ts';

/** The FAQ sub-tab: the four common questions, and where to find more. */
export function FaqSection() {
  return (
    <Stack gap="md">
      <Accordion variant="separated" data-testid="kb-faq">
        {CORE_FAQ.map((item) => (
          <Accordion.Item key={item.question} value={item.question}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>{item.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Group gap="lg">
        <Anchor component={Link} to="/support/faq">
          More questions and answers
        </Anchor>
        <Anchor component={Link} to="/support/articles">
          All published articles
        </Anchor>
      </Group>
    </Stack>
  );
}
