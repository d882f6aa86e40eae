import { useEffect } from 'react';
import { AudienceCards } from './AudienceCards.tsx';
import { ClosingCta } from './ClosingCta.tsx';
import { FeatureSections } from './FeatureSections.tsx';
import { NotifyMeForm } from './NotifyMeForm.tsx';

/**
 * Everything under the hero, loaded as its own chunk after the hero has painted (it holds the form
 * code). It mounts below the full-height hero, so its arrival shifts nothing on screen. When the
 * page was opened at '/#features' the target only exists now, so scroll to it here.
 */
export default function BelowFold() {
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <>
      <NotifyMeForm />
      <FeatureSections />
      <AudienceCards />
      <ClosingCta />
    </>
  );
}
