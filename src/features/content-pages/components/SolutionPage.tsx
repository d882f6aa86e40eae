import { Link } from '@tanstack/react-router';
import { Button, Container, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconCarGarage, IconDeviceCctv, IconDeviceMobile, IconHistory, IconKey, IconPackage } from '@tabler/icons-react';
import { Guarantees } from '@/components/Guarantees.tsx';
import { Markdown } from '@/components/Markdown.tsx';
import type { PublicPage } from '../data/public-pages.ts';
import { featureIcon, solutionLayout, type FeatureIcon, type SolutionCta } from '../data/solution-layout.ts';
import { SOLUTION_LINKS } from '../data/solutionLinks.ts';
import classes from './SolutionPage.module.css';

const ICONS: Record<FeatureIcon, typeof IconKey> = {
  history: IconHistory,
  delivery: IconPackage,
  camera: IconDeviceCctv,
  access: IconKey,
  door: IconCarGarage,
  phone: IconDeviceMobile,
};

// The shop's standing promises (the same as the landing page's closing call to action).
function CtaButton({ cta, variant }: { cta: SolutionCta; variant: 'filled' | 'white' }) {
  return (
    <Button
      size="lg"
      variant={variant}
      // A long label wraps on a narrow phone instead of being cut at the button's edge.
      h="auto"
      mih={50}
      py={10}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
      renderRoot={(props) => <Link to={cta.to as '/'} {...props} />}
    >
      {cta.label}
    </Button>
  );
}

/**
 * A solution page (/solutions/<audience>) in the shape of the product's marketing pages: the
 * audience, title and lead; one block with a picture per section of the CMS text; the page's
 * closing link as the call to action to the shop. Text without sections is shown as written.
 */
export function SolutionPage({ page }: { page: PublicPage }) {
  const layout = solutionLayout(page.content);
  const audience = SOLUTION_LINKS.find((link) => `solutions-${link.slug}` === page.slug)?.label;
  if (!layout) {
    return (
      <Container size="md" className={classes.plain}>
        <h1 className={classes.title}>{page.title}</h1>
        {page.excerpt && <p className={classes.lead}>{page.excerpt}</p>}
        <Markdown source={page.content} data-testid="cms-page-content" />
      </Container>
    );
  }
  return (
    <>
      <header className={classes.hero}>
        <Container size="lg">
          {audience && <p className={classes.eyebrow}>Solutions for {audience}</p>}
          <h1 className={classes.title}>{page.title}</h1>
          {page.excerpt && <p className={classes.lead}>{page.excerpt}</p>}
          {layout.cta && (
            <div className={classes.buttons}>
              <CtaButton cta={layout.cta} variant="filled" />
            </div>
          )}
        </Container>
      </header>
      <Container size="lg" className={classes.body} data-testid="cms-page-content">
        {layout.intro && <Markdown source={layout.intro} />}
        <ul className={classes.features} aria-label="What it does for you">
          {layout.features.map((feature, index) => {
            const icon = featureIcon(feature.heading, index);
            const Icon = ICONS[icon];
            return (
              <li key={feature.heading} className={classes.feature} data-testid="solution-feature" data-icon={icon}>
                <ThemeIcon variant="light" color="blue" size={48} radius="md" aria-hidden="true">
                  <Icon size={28} stroke={1.6} />
                </ThemeIcon>
                <h2 className={classes.featureTitle}>{feature.heading}</h2>
                {feature.body && <Markdown source={feature.body} />}
              </li>
            );
          })}
        </ul>
      </Container>
      {layout.cta && (
        <section className={classes.cta} aria-labelledby="solution-cta-title" data-testid="solution-cta">
          <Container size="md" ta="center">
            <h2 id="solution-cta-title" className={classes.ctaTitle}>
              Try it at home for 30 days
            </h2>
            <p className={classes.ctaText}>The Complete System: indoor unit, 160° HD outdoor camera, app and cloud dashboard.</p>
            <div className={classes.ctaButtons}>
              <CtaButton cta={layout.cta} variant="white" />
              <Button size="lg" variant="outline" color="white" rightSection={<IconArrowRight size={18} aria-hidden="true" />} renderRoot={(props) => <Link to="/products" {...props} />}>
                Browse all products
              </Button>
            </div>
            <Guarantees />
          </Container>
        </section>
      )}
    </>
  );
}
