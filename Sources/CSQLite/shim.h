#include <sqlite3.h>

/* sqlite3_config is variadic, which Swift cannot call. With memory statistics on (SQLite's
 * default), every allocation SQLite makes takes one process-wide mutex to count it: the event
 * loops reading at once then wait on each other (perf showed futex waits in sqlite3Malloc).
 * Nothing here reads the statistics. Only works before SQLite initialises (SQLITE_MISUSE after,
 * which changes nothing). */
static inline int lcemu_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
