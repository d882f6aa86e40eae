// An expired door command's door-log line (device_events, kind 'command_expired') says in its
// detail which kind it was, in the server's words (migrations 20261201000130 and …170): answered
// too late, or never answered. The device's door log and the overview's activity both read it here.
export function commandNeverAnswered(detail: string | null | undefined): boolean {
  return detail?.startsWith('The unit did not answer') ?? false;
}
