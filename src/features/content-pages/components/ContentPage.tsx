import { Link } from '@tanstack/react-router';
import { Alert, Button, Container } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { ContentPageData, ContentSection } from '../types.ts';
import classes from './ContentPage.module.css';

function formatDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

function Section({ section }: { section: ContentSection }) {
  return (
    <section className={classes.section}>
      <h2 className={classes.heading}>{section.heading}</h2>
      {section.paragraphs?.map((text) => (
        <p key={text} className={classes.paragraph}>
          {text}
        </p>
      ))}
      {section.list && (
        <ul className={classes.list}>
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {section.steps && (
        <ol className={classes.steps}>
          {section.steps.map((step) => (
            <li key={step.title}>
              <strong>{step.title}.</strong> {step.text}
            </li>
          ))}
        </ol>
      )}
      {section.note && (
        <Alert
          mt="md"
          color={section.note.tone === 'warning' ? 'orange' : 'blue'}
          title={section.note.title}
          icon={section.note.tone === 'warning' ? <IconAlertTriangle aria-hidden="true" /> : <IconInfoCircle aria-hidden="true" />}
          classNames={{ title: classes.noteTitle, message: classes.noteText }}
        >
          {section.note.text}
        </Alert>
      )}
    </section>
  );
}

/** One static page: h1, intro, sections, optional call to action. */
export function ContentPage({ page }: { page: ContentPageData }) {
  return (
    <Container size="md" component="article" className={classes.page}>
      <header>
        <h1 className={classes.title}>{page.title}</h1>
        <p className={classes.intro}>{page.intro}</p>
        {page.updated && <p className={classes.updated}>Last updated {formatDate(page.updated)}</p>}
      </header>
      {page.sections.map((section) => (
        <Section key={section.heading} section={section} />
      ))}
      {page.cta && (
        <Button mt="xl" size="md" renderRoot={(props) => <Link to={page.cta?.to as '/'} {...props} />}>
          {page.cta.label}
        </Button>
      )}
    </Container>
  );
}
