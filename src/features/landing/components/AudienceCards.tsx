import { Link } from '@tanstack/react-router';
import { Container } from '@mantine/core';
import { IconArrowRight, IconBuildingCommunity, IconBuildingStore, IconHome2, IconTool } from '@tabler/icons-react';
import { AUDIENCES } from '../content.ts';
import classes from './Landing.module.css';

const ICONS = {
  homeowners: IconHome2,
  workshops: IconTool,
  businesses: IconBuildingStore,
  'property-managers': IconBuildingCommunity,
} as const;

/** Audience cards, each linking to its /solutions page. */
export function AudienceCards() {
  return (
    <section className={classes.audiences} aria-labelledby="audiences-title">
      <Container size="lg">
        <h2 id="audiences-title" className={classes.sectionTitle}>
          Built for Every Garage
        </h2>
        <p className={classes.sectionLead}>From a family home to a row of rental units.</p>
        <ul className={classes.cardGrid}>
          {AUDIENCES.map((audience) => {
            const Icon = ICONS[audience.slug];
            return (
              <li key={audience.slug} className={classes.card}>
                <Icon size={36} aria-hidden="true" className={classes.cardIcon} />
                <h3 className={classes.cardTitle}>{audience.title}</h3>
                <p className={classes.cardText}>{audience.text}</p>
                <Link
                  to="/solutions/$audience"
                  params={{ audience: audience.slug }}
                  className={classes.cardLink}
                  aria-label={`${audience.title}: learn more`}
                >
                  Learn more <IconArrowRight size={16} aria-hidden="true" />
                </Link>
              </li>
            );
          })}
        </ul>
      </Container>
    </section>
  );
}
