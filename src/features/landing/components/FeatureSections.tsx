import { Container } from '@mantine/core';
import { IconCheck, IconPackage, IconHome, IconKey } from '@tabler/icons-react';
import { FEATURES } from '../content.ts';
import classes from './Landing.module.css';

const ICONS = { delivery: IconPackage, front: IconHome, access: IconKey } as const;

/** The three feature sections; id="features" is the target of 'Learn More' and the Features link. */
export function FeatureSections() {
  return (
    <section id="features" className={classes.features} aria-labelledby="features-title">
      <Container size="lg">
        <h2 id="features-title" className={classes.sectionTitle}>
          Everything Your Garage Needs
        </h2>
        <p className={classes.sectionLead}>One system for deliveries, security and access — controlled from your phone.</p>
        <div className={classes.featureList}>
          {FEATURES.map((feature, index) => {
            const Icon = ICONS[feature.key];
            return (
              <article key={feature.key} className={classes.feature} data-flip={index % 2 === 1 || undefined}>
                <div className={classes.featureArt} aria-hidden="true" data-testid="feature-art">
                  <Icon size={72} stroke={1.4} />
                </div>
                <div>
                  <h3 className={classes.featureTitle}>{feature.title}</h3>
                  <p className={classes.featureText}>{feature.text}</p>
                  <ul className={classes.points}>
                    {feature.points.map((point) => (
                      <li key={point}>
                        <IconCheck size={18} aria-hidden="true" className={classes.check} />
                        {point}
                      </li>
                    ))}
                  </ul>
                </div>
              </article>
            );
          })}
        </div>
      </Container>
    </section>
  );
}
