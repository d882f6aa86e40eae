// Placeholder: the local stack work replaces this with the PostgreSQL 15 cluster start-up.
export default function setup() {}
