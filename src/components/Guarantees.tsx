import { IconClockHour2, IconHeadset, IconShieldCheck } from '@tabler/icons-react';
import classes from './Guarantees.module.css';

/** The shop's three promises (spec: the landing page's closing call to action), each with its icon. */
const GUARANTEES = [
  { icon: IconShieldCheck, label: '30-Day Guarantee' },
  { icon: IconClockHour2, label: '2-Hour Install' },
  { icon: IconHeadset, label: 'Lifetime Support' },
] as const;

/** The promises as a centred row under a call to action on a dark band (the landing page, the solution pages). */
export function Guarantees() {
  return (
    <ul className={classes.guarantees}>
      {GUARANTEES.map(({ icon: Icon, label }) => (
        <li key={label}>
          <Icon size={22} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
