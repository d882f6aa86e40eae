import * as v from 'valibot';
import { TICKET_PRIORITIES } from '@/db/collections/support-tickets.ts';

// The limits of public.support_tickets' check constraints, so the form never queues a ticket the
// server would refuse for good: subject 1–200 characters, description 10–2000.
export const SUBJECT_MAX = 200;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;
/** public.support_messages.message: 1–5000 characters after trimming. */
export const MESSAGE_MAX = 5000;

export { TICKET_PRIORITIES };
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** A new ticket is of medium priority unless the customer picks another. */
export const DEFAULT_PRIORITY: TicketPriority = 'medium';

// Limits count the text as it is stored (trimmed). "less than 200" is the product's wording for a
// limit that allows exactly 200.
export const CreateTicketSchema = v.object({
  subject: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'Subject is required'),
    v.maxLength(SUBJECT_MAX, `Subject must be less than ${SUBJECT_MAX} characters`),
  ),
  category_id: v.pipe(v.string(), v.minLength(1, 'Category is required')),
  priority: v.picklist(TICKET_PRIORITIES, 'Choose a priority'),
  // '' = no device; the server refuses a device that is not the customer's own.
  device_id: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.uuid('Choose one of your devices'))], 'Choose one of your devices'), ''),
  description: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(DESCRIPTION_MIN, `Description must be at least ${DESCRIPTION_MIN} characters`),
    v.maxLength(DESCRIPTION_MAX, `Description must be less than ${DESCRIPTION_MAX} characters`),
  ),
});
export type CreateTicketValues = v.InferInput<typeof CreateTicketSchema>;
export type NewTicketInput = v.InferOutput<typeof CreateTicketSchema>;

export const EMPTY_TICKET: CreateTicketValues = { subject: '', category_id: '', priority: DEFAULT_PRIORITY, device_id: '', description: '' };

/** /support?device=<id>: 'Get help' on a device card opens a new ticket about that device. */
/** A reply: blank (or whitespace only) is not a message; it cannot be sent at all. */
export const MessageSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`));
