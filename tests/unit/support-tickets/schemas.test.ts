import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CreateTicketSchema, EMPTY_TICKET, MessageSchema } from '@/features/support-tickets/schemas.ts';

const messages = (input: unknown) => {
  const result = v.safeParse(CreateTicketSchema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};
const valid = { subject: 'Door stuck', category_id: 'c1', priority: 'medium', description: 'It stops half way.' };

describe('CreateTicketSchema', () => {
  it('an empty form reports subject, category and description; priority defaults to medium', () => {
    expect(EMPTY_TICKET.priority).toBe('medium');
    expect(messages(EMPTY_TICKET)).toEqual(['Subject is required', 'Category is required', 'Description must be at least 10 characters']);
  });

  it('subject: 1 to 200 characters after trimming', () => {
    expect(messages({ ...valid, subject: '   ' })).toEqual(['Subject is required']);
    expect(messages({ ...valid, subject: 'x'.repeat(200) })).toEqual([]);
    expect(messages({ ...valid, subject: 'x'.repeat(201) })).toEqual(['Subject must be less than 200 characters']);
  });

  it('description: 10 to 2000 characters after trimming', () => {
    expect(messages({ ...valid, description: '  123456789  ' })).toEqual(['Description must be at least 10 characters']);
    expect(messages({ ...valid, description: 'x'.repeat(10) })).toEqual([]);
    expect(messages({ ...valid, description: 'x'.repeat(2000) })).toEqual([]);
    expect(messages({ ...valid, description: 'x'.repeat(2001) })).toEqual(['Description must be less than 2000 characters']);
  });

  it('priority is one of low, medium, high, urgent; the output is trimmed', () => {
    expect(messages({ ...valid, priority: 'critical' })).toHaveLength(1);
    expect(v.parse(CreateTicketSchema, { ...valid, subject: ' Door ', priority: 'urgent' })).toMatchObject({ subject: 'Door', priority: 'urgent' });
  });
});

describe('MessageSchema', () => {
  it('refuses blank and whitespace-only replies and trims the rest', () => {
    expect(v.safeParse(MessageSchema, '').success).toBe(false);
    expect(v.safeParse(MessageSchema, ' \n\t ').success).toBe(false);
    expect(v.parse(MessageSchema, '  Thanks!  ')).toBe('Thanks!');
  });
});
