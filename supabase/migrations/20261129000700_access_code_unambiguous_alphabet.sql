-- Access codes are read aloud, typed on a keypad and copied from a phone screen, so the server's
-- generator (used when an offline-created code collides, 20261127000500) draws from the same
-- look-alike-free alphabet as the client (src/features/access-codes/code.ts): no O/0/Q, I/1/L,
-- S/5, Z/2, B/8. 24 symbols: ACDEFGHJKMNPRTUVWXY34679; 24^6 ≈ 191 million codes.
-- Still 6 uppercase letters and digits, so the column's check (^[A-Z0-9]{6}$) and the codes
-- already issued stay valid. Rejection sampling as before: bytes below 240 (= 10 × 24) map to
-- byte % 24, every symbol 10 ways; bytes 240..255 are skipped.

create or replace function private.random_access_code()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_alphabet constant text := 'ACDEFGHJKMNPRTUVWXY34679';
  v_bytes bytea;
  v_byte integer;
  v_code text := '';
begin
  while char_length(v_code) < 6 loop
    v_bytes := decode(replace(gen_random_uuid()::text, '-', ''), 'hex');
    for i in 0..15 loop
      continue when i in (6, 8);
      v_byte := get_byte(v_bytes, i);
      continue when v_byte >= 240;
      v_code := v_code || substr(v_alphabet, v_byte % 24 + 1, 1);
      exit when char_length(v_code) = 6;
    end loop;
  end loop;
  return v_code;
end
$$;

revoke all on function private.random_access_code() from public, anon, authenticated, service_role;
