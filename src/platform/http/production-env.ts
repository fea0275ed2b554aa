// Imported first by the server's entry: React (inside Astro's on-demand render) picks its build
// from NODE_ENV when first loaded, and its development build renders the tournament page several
// times slower (prop validation, dev warnings). A server process is production unless told.
process.env.NODE_ENV ||= 'production';
