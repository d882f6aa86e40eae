// Time zones by IANA name, as devices.time_zone stores them: the home's zone, in which guest
// schedules are read (the server checks the name against its own time zone database).

/** The zone this browser reads clocks in, e.g. 'Europe/Berlin' ('UTC' if the browser cannot say). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** 'America/New_York' → 'New York time'; UTC stays 'UTC'; 'Etc/GMT-5' → 'UTC+5' (POSIX names have the sign reversed). */
export function zoneText(timeZone: string): string {
  if (/^(Etc\/)?(UTC|GMT|Universal|Zulu)$/.test(timeZone)) return 'UTC';
  const fixed = /^Etc\/GMT([+-])(\d{1,2})$/.exec(timeZone);
  if (fixed) return `UTC${fixed[1] === '-' ? '+' : '-'}${fixed[2]}`;
  const city = timeZone.split('/').pop() ?? timeZone;
  return `${city.replaceAll('_', ' ')} time`;
}

/** The zones to choose from: the browser's list, with `current` kept when the list lacks it (e.g. 'UTC'), sorted. */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, current, 'UTC'])].sort((a, b) => a.localeCompare(b));
}
