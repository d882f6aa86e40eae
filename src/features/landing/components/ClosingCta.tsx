import { Link } from '@tanstack/react-router';
import { Button, Container } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Guarantees } from '@/components/Guarantees.tsx';
import { DEMO_CALL_HREF, ORDER_PRODUCT_ID } from '../content.ts';
import classes from './Landing.module.css';

export function ClosingCta() {
  return (
    <section className={classes.cta} aria-labelledby="cta-title">
      <Container size="md" ta="center">
        <h2 id="cta-title" className={classes.ctaTitle}>
          Ready to Upgrade Your Garage?
        </h2>
        <p className={classes.ctaText}>
          Everything you need in one box: indoor unit, outdoor camera unit, app and cloud dashboard.
        </p>
        <div className={classes.ctaButtons}>
          <Button
            size="lg"
            variant="white"
            // The label wraps on a narrow phone instead of being cut at the button's edge.
            h="auto"
            mih={50}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            renderRoot={(props) => <Link to="/products/$productId" params={{ productId: ORDER_PRODUCT_ID }} {...props} />}
          >
            Order Complete System - $299
          </Button>
          <Button
            size="lg"
            variant="outline"
            color="white"
            leftSection={<IconCalendarEvent size={20} aria-hidden="true" />}
            component="a"
            href={DEMO_CALL_HREF}
          >
            Schedule Demo Call
          </Button>
        </div>
        <Guarantees />
      </Container>
    </section>
  );
}
