-- The door of an indoor unit, as the unit reports it (20261201000130): closed, opening, open,
-- closing_soon (the unit's warning before an unattended close: lights and a beep for 5 s),
-- closing, stopped (halted between open and closed: a fault, or the unit lost track of it).
-- Null for devices with no door (an outdoor unit, a battery) and for a unit that never reported.
-- door_state_at is when the unit entered that state (the app counts "Closing in 5 s…" from it).
-- device_events gains the door log's kinds:
--   'door_command'    a command sent from the app (status = 'open' | 'close', detail = who);
--   'door_state'      the unit reporting its door (previous_status → status, detail = why, e.g.
--                     'Obstruction detected: reversing');
--   'command_expired' a command the unit acknowledged too late, so the door did not move.

alter table public.devices
  add column door_state text check (door_state in ('closed', 'opening', 'open', 'closing_soon', 'closing', 'stopped')),
  add column door_state_at timestamptz;

alter table public.device_events drop constraint device_events_kind_check;
alter table public.device_events add constraint device_events_kind_check check (kind in (
  'code_created', 'code_revoked', 'code_redeemed', 'code_refused', 'status_changed',
  'door_command', 'door_state', 'command_expired'
));
