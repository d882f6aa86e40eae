import classes from './RootLayout.module.css';

/** First tab stop: moves focus past the navbar to the page content (no history entry). */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <a
      href={`#${targetId}`}
      className={classes.skip}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        target.focus();
        target.scrollIntoView();
      }}
    >
      Skip to content
    </a>
  );
}
