import { Typography } from '@mantine/core';
import { markdownToSafeHtml } from '@/lib/markdown.ts';
import classes from './Markdown.module.css';

/**
 * Renders user-written Markdown (KB articles, CMS content, previews while editing). The HTML is
 * sanitized before it reaches the DOM (see markdownToSafeHtml), so no author can run script in a
 * reader's browser; `html` is therefore safe for dangerouslySetInnerHTML.
 */
export function Markdown({ source, 'data-testid': testId }: { source: string; 'data-testid'?: string }) {
  return (
    <Typography className={classes.body}>
      <div data-testid={testId} dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(source) }} />
    </Typography>
  );
}
