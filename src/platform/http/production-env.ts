// Imported first by the server's entry: React (inside Astro's on-demand render) picks its build
// from NODE_ENV when first loaded, and its development build renders the tournament page several
// times slower (prop validation, dev warnings). A server process is production unless told.
process.env.NODE_ENV ||= 'production';

// What the server writes under DATA_DIR is private to its user: the SQLite database and its -wal
// and -shm logs, the mail outbox (whose .eml files hold live password-reset links), uploads. With
// the usual umask of 022 they were readable by every account on the machine: files 0600 and
// folders 0700 from now on, whichever code creates them.
process.umask(0o077);
