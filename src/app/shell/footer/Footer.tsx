import { Container } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone, IconShieldLock } from '@tabler/icons-react';
import { NavTargetLink } from '../navbar/NavTargetLink.tsx';
import type { NavTarget } from '../navbar/navItems.ts';
import { CONTACT, LEGAL_LINKS, QUICK_LINKS, SOLUTION_FOOTER_LINKS, copyrightLine } from './footerLinks.ts';
import { NewsletterForm } from './NewsletterForm.tsx';
import classes from './Footer.module.css';

function LinkColumn({ title, links }: { title: string; links: NavTarget[] }) {
  const id = `footer-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={classes.heading}>
        {title}
      </h2>
      <ul className={classes.list}>
        {links.map((link) => (
          <li key={link.label}>
            <NavTargetLink target={link} className={classes.link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

// Spec §2 footer, minus the social icons: they had empty targets, and we show no dead links.
export function Footer() {
  return (
    <footer className={classes.footer} data-testid="site-footer">
      <Container size="xl">
        <div className={classes.grid}>
          <section aria-labelledby="footer-brand" className={classes.wide}>
            <h2 id="footer-brand" className={classes.brand}>
              <IconShieldLock size={24} aria-hidden="true" /> GarageGuard
            </h2>
            <p className={classes.blurb}>
              The smart garage system: open and close your door from your phone, give couriers and
              guests secure access codes, and watch your driveway in HD.
            </p>
            <address className={classes.contact}>
              <a href={CONTACT.phoneHref}>
                <IconPhone size={16} aria-hidden="true" /> {CONTACT.phone}
              </a>
              <a href={`mailto:${CONTACT.email}`}>
                <IconMail size={16} aria-hidden="true" /> {CONTACT.email}
              </a>
              <span>
                <IconMapPin size={16} aria-hidden="true" /> {CONTACT.city}
              </span>
            </address>
          </section>
          <LinkColumn title="Quick Links" links={QUICK_LINKS} />
          <LinkColumn title="Solutions" links={SOLUTION_FOOTER_LINKS} />
          <section aria-labelledby="footer-newsletter" className={classes.wide}>
            <h2 id="footer-newsletter" className={classes.heading}>
              Stay Updated
            </h2>
            <p className={classes.blurb}>Product news, security tips and offers. No spam.</p>
            <NewsletterForm />
          </section>
        </div>
        <div className={classes.bottom}>
          <p>{copyrightLine()}</p>
          <nav aria-label="Legal" data-testid="footer-legal">
            <ul className={classes.legal}>
              {LEGAL_LINKS.map((link) => (
                <li key={link.label}>
                  <NavTargetLink target={link} className={classes.link} />
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </Container>
    </footer>
  );
}
