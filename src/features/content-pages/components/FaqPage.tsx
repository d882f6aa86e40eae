import { Accordion, Container } from '@mantine/core';
import type { FaqPageData } from '../types.ts';
import classes from './ContentPage.module.css';

/** FAQ: one Mantine Accordion per group; several answers may be open at once. */
export function FaqPage({ page }: { page: FaqPageData }) {
  return (
    <Container size="md" component="article" className={classes.page}>
      <header>
        <h1 className={classes.title}>{page.title}</h1>
        <p className={classes.intro}>{page.intro}</p>
      </header>
      {page.groups.map((group) => (
        <section key={group.heading} className={classes.section}>
          <h2 className={classes.heading}>{group.heading}</h2>
          <Accordion multiple variant="separated" mt="sm">
            {group.items.map((item) => (
              <Accordion.Item key={item.question} value={item.question}>
                <Accordion.Control>{item.question}</Accordion.Control>
                <Accordion.Panel className={classes.paragraph}>{item.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </section>
      ))}
    </Container>
  );
}
