// The build's database snapshots (./plugin.ts). Rows are unknown until the reader's schema parses them.
declare module 'virtual:db-snapshot/*' {
  const rows: unknown;
  export default rows;
}
