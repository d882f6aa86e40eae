import { Fragment } from 'react';

/**
 * A resource's words, with a line-break opportunity before each "@": squeezed into a table cell an
 * e-mail address then wraps as "aiko.tanaka" / "@example.com", not "aiko.tanaka@example.co" / "m".
 */
export function ResourceText({ text }: { text: string }) {
  const parts = text.split('@');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />@
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
