// SQLite's C API, plus function forms of the macros Swift cannot import.
#ifndef REVEILLE_CSQLITE_SHIM_H
#define REVEILLE_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a cast of -1 to a function pointer, which Swift does not import:
// it tells SQLite to copy a bound value before the bind call returns.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_db_config is variadic, which Swift cannot call.
// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE: 1 leaves the WAL as it is when the connection closes.
static inline int csqlite_set_no_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}

#endif
