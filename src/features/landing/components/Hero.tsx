import { Link } from '@tanstack/react-router';
import { Button } from '@mantine/core';
import { IconDeviceMobile, IconLock, IconCamera, IconWifi } from '@tabler/icons-react';
import { HIGHLIGHTS, ORDER_PRODUCT_ID } from '../content.ts';
import { HeroMedia } from './HeroMedia.tsx';
import classes from './Hero.module.css';

const HIGHLIGHT_ICONS = { phone: IconDeviceMobile, secure: IconLock, camera: IconCamera, iot: IconWifi } as const;

/** Smooth unless the user asked for reduced motion. */
export function scrollToSection(id: string) {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById(id)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
}

/** id="hero": the navbar reads this section's geometry to pick its colours. */
export function Hero() {
  return (
    <section id="hero" className={classes.hero} aria-labelledby="hero-title">
      <HeroMedia />
      <div className={classes.content}>
        <p className={classes.eyebrow}>The smart garage system</p>
        <h1 id="hero-title" className={classes.title}>
          Smart Garage Control at Your Fingertips
        </h1>
        <p className={classes.lead}>
          Open, watch and share your garage from anywhere. An indoor unit, an outdoor HD camera, a
          mobile app and a cloud dashboard — one complete system.
        </p>
        <div className={classes.buttons}>
          <Button size="lg" renderRoot={(props) => <Link to="/products/$productId" params={{ productId: ORDER_PRODUCT_ID }} {...props} />}>
            Order Now - $299
          </Button>
          <Button size="lg" variant="white" color="dark" onClick={() => scrollToSection('features')}>
            Learn More
          </Button>
        </div>
        <ul className={classes.highlights} aria-label="Highlights">
          {HIGHLIGHTS.map((item) => {
            const Icon = HIGHLIGHT_ICONS[item.key];
            return (
              <li key={item.key} className={classes.highlight}>
                <Icon size={28} aria-hidden="true" />
                <span className={classes.highlightTitle}>{item.title}</span>
                <span className={classes.highlightText}>{item.text}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
