// SQLite's C API, plus function forms of the macros Swift cannot import.
#ifndef REVEILLE_CSQLITE_SHIM_H
#define REVEILLE_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift does not import:
// it tells SQLite to copy a bound value before the bind call returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

#endif
