import { Anchor, Group, Modal, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Markdown } from '@/components/Markdown.tsx';
import type { ArticleLike } from '../rules.ts';
import { ArticleHeader } from './ArticleHeader.tsx';
import { ArticleInfo } from './ArticleInfo.tsx';
import { HelpfulVote } from './HelpfulVote.tsx';

interface ArticleDialogProps {
  /** The open article (live from the device's database), or null when closed. */
  article: ArticleLike | null;
  userId: string | null;
  onClose: () => void;
}

/** One article in full: badges, counts, the sanitized Markdown, the helpful vote and its details. */
export function ArticleDialog({ article, userId, onClose }: ArticleDialogProps) {
  return (
    <Modal opened={article !== null} onClose={onClose} size="xl" title={article?.title} closeButtonProps={{ 'aria-label': 'Close' }} styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}>
      {article && (
        <Stack gap="md" data-testid="article-dialog">
          <ArticleHeader article={article} />
          <Markdown source={article.content} data-testid="article-content" />
          <HelpfulVote key={article.id} articleId={article.id} title={article.title} userId={userId} />
          <ArticleInfo article={article} />
          <Group justify="flex-end">
            <Anchor size="sm" renderRoot={(props) => <Link to="/support/articles/$articleId" params={{ articleId: article.id }} {...props} />}>
              <Group gap={4} component="span">
                Open page
                <IconExternalLink size={14} aria-hidden="true" />
              </Group>
            </Anchor>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
