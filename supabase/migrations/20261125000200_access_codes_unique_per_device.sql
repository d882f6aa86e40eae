-- An access code is unique among the active codes of one device, not across every customer: a
-- code only ever opens its own device (redeem_access_code matches device and code), and a global
-- index answered 409 when any other customer held the same active code, which told a customer
-- something about other customers' codes. A code's uniqueness on its device is what redeeming
-- needs; revoked codes may still recur.

drop index public.access_permissions_active_code_key;

create unique index access_permissions_device_active_code_key
  on public.access_permissions (device_id, access_code) where is_active;
