import * as v from 'valibot';

// Spec §5: "Newsletter: name and email required, email of email type."
export const NAME_MAX = 100;
export const EMAIL_MAX = 254; // RFC 5321 path limit

const EmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.maxLength(EMAIL_MAX, 'Email is too long'),
  v.email('Enter a valid email address'),
);

/** The landing page's Notify Me form (Name, Email). */
export const NotifyMeSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Name is required'), v.maxLength(NAME_MAX, 'Name is too long')),
  email: EmailSchema,
});

/** The footer's newsletter box (e-mail only). */
export const NewsletterSchema = v.object({ email: EmailSchema });

export type NotifyMeInput = v.InferOutput<typeof NotifyMeSchema>;
