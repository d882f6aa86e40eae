import { useState } from 'react';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconThumbUp } from '@tabler/icons-react';
import { voteArticleHelpful } from '../data/kb-counters.ts';
import { noteVoteCast, useHasVoted } from '../data/my-votes.ts';

interface HelpfulVoteProps {
  articleId: string;
  title: string;
  userId: string | null;
}

/**
 * 'Was this article helpful?': one vote per user (the server ignores a second one). The vote is
 * queued in the outbox, so it is accepted offline and sent once when the connection returns.
 */
export function HelpfulVote({ articleId, title, userId }: HelpfulVoteProps) {
  const [submitting, setSubmitting] = useState(false);
  const [castNow, setCastNow] = useState(false);
  const voted = useHasVoted(userId, articleId, castNow);

  const vote = async () => {
    if (!userId) return;
    setSubmitting(true);
    try {
      await voteArticleHelpful(articleId, title, userId);
      noteVoteCast(userId, articleId);
      setCastNow(true);
      notifications.show({ title: 'Success', message: 'Thank you for your feedback!' });
    } catch (error) {
      console.error('Helpful vote failed', error);
      notifications.show({ color: 'red', title: 'Error', message: 'Failed to submit feedback' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="helpful-vote">
      <Title order={3} fz="md">
        Was this article helpful?
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Your feedback helps us improve our knowledge base.
      </Text>
      {voted ? (
        <Group gap="xs" c="green" data-testid="helpful-voted">
          <IconCircleCheck size={18} aria-hidden="true" />
          <Text size="sm" fw={500}>
            You found this article helpful.
          </Text>
        </Group>
      ) : (
        <Button leftSection={<IconThumbUp size={16} aria-hidden="true" />} onClick={() => void vote()} disabled={submitting || !userId}>
          {submitting ? 'Submitting...' : 'Yes, this was helpful'}
        </Button>
      )}
    </Paper>
  );
}
