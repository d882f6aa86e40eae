import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { newTicketDoc } from '@/features/support-tickets/data/support-tickets.ts';
import { CreateTicketSchema } from '@/features/support-tickets/schemas.ts';
import { SupportSearchSchema } from '@/features/support-tickets/search.ts';

const valid = { subject: 'Door stuck', category_id: 'c1', priority: 'medium', description: 'It stops half way.' };
const DEVICE = '3f0c7a52-1d7e-4a57-9a51-2f1f7c0d1e11';

describe('a ticket naming a device', () => {
  it('the device is optional: none, or a device id', () => {
    expect(v.parse(CreateTicketSchema, valid).device_id).toBe('');
    expect(v.parse(CreateTicketSchema, { ...valid, device_id: DEVICE }).device_id).toBe(DEVICE);
    expect(v.safeParse(CreateTicketSchema, { ...valid, device_id: 'not-a-device' }).success).toBe(false);
  });

  it("the new ticket's document names the device, or null for none", () => {
    const withDevice = newTicketDoc('u1', v.parse(CreateTicketSchema, { ...valid, device_id: DEVICE }));
    expect(withDevice.device_id).toBe(DEVICE);
    expect(newTicketDoc('u1', v.parse(CreateTicketSchema, valid)).device_id).toBeNull();
  });

  it('/support?device= takes a device id only; anything else is ignored', () => {
    expect(v.parse(SupportSearchSchema, { device: DEVICE })).toEqual({ device: DEVICE });
    expect(v.parse(SupportSearchSchema, { device: '<script>' })).toEqual({ device: undefined });
    expect(v.parse(SupportSearchSchema, {})).toEqual({ device: undefined });
  });
});
