import { useState } from 'react';
import { Button, CloseButton, Group, Pill, Stack, TextInput } from '@mantine/core';
import { addTag, TAG_MAX } from '../../schemas.ts';

interface TagsFieldProps {
  value: string[];
  onChange: (tags: string[]) => void;
}

/** Tags: typed one at a time, added with Add or Enter (trimmed; empty and duplicates ignored), removed by their close icon. */
export function TagsField({ value, onChange }: TagsFieldProps) {
  const [draft, setDraft] = useState('');
  const add = () => {
    onChange(addTag(value, draft));
    setDraft('');
  };
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label="Tags"
          placeholder="Add a tag"
          maxLength={TAG_MAX}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="default" onClick={add}>
          Add
        </Button>
      </Group>
      {value.length > 0 && (
        <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Added tags" data-testid="article-tags">
          {value.map((tag) => (
            <li key={tag}>
              {/* Mantine's own remove button on a Pill is hidden from keyboards and readers. */}
              <Group gap={2} wrap="nowrap">
                <Pill size="md" data-testid="article-tag">
                  {tag}
                </Pill>
                <CloseButton size="sm" aria-label={`Remove tag ${tag}`} onClick={() => onChange(value.filter((existing) => existing !== tag))} />
              </Group>
            </li>
          ))}
        </Group>
      )}
    </Stack>
  );
}
